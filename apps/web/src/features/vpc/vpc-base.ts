import { vpcContract } from '@portal/shared';
import { identityOf } from '../../lib/resource-kit/identity';

/** Who the VPC resource is; the declaration adds how it shows and acts. */
export const vpcBase = identityOf(vpcContract, {
  name: 'vpc',
  namespace: 'vpc',
  id: (v) => v.netUuid,
  title: (v) => v.netName,
  // The VM form's VPC picker and the VNI list show VPCs.
  affects: ['/vms', '/vnis'],
});
