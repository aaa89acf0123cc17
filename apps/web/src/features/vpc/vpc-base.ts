import { VPC_TRANSITIONAL_STATUSES, type Vpc, VpcStatus, vpcContract } from '@portal/shared';
import { identityOf } from '../../lib/resource-kit/identity';
import { defineStatus } from '../../lib/resource-kit/status';

/** Who the VPC resource is; the declaration adds how it shows and acts. */
export const vpcBase = identityOf(vpcContract, {
  name: 'vpc',
  namespace: 'vpc',
  id: (v) => v.netUuid,
  title: (v) => v.netName,
  // The VM form's VPC picker and the VNI list show VPCs.
  affects: ['/vms', '/vnis'],
});

/** A create that failed: processing, and nothing under way to wait for. */
const createFailed = (v: Pick<Vpc, 'status' | 'pendingOperation'>) =>
  v.status === VpcStatus.PROCESSING && v.pendingOperation === null;

/** A VPC's status, or what the cloud is doing (routes, update) while the spec says "processing". */
export const vpcStatus = defineStatus(vpcBase, {
  values: VpcStatus,
  enumKey: 'vpcStatus',
  transitional: (s) => VPC_TRANSITIONAL_STATUSES.has(s) && s !== VpcStatus.PROCESSING,
  failed: createFailed,
  tone: (v) => (v.status === VpcStatus.AVAILABLE ? 'success' : undefined),
  text: (v, t, status) => {
    if (v.pendingOperation === 'routes' || v.pendingOperation === 'update')
      return t(`vpc:values.pending.${v.pendingOperation}`);
    return createFailed(v) ? t('vpc:values.createFailed') : status;
  },
});
