import type { LbProtocol, LbType } from '@portal/shared';

/** The balancer form's fields, named as the API's. */
export interface BalancerFormValues {
  lbType: LbType;
  lbName: string;
  lbProtocol: LbProtocol;
  lbPort: number;
  lbUrl: string;
  vpcUuid: string;
  vmUuids: string[];
  lbHealthCheck: boolean;
  lbXforwardedfor: boolean;
  lbCertificate: string;
  lbPrivateKey: string;
}
