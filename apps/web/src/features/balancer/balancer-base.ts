import { balancerContract, LbStatus } from '@portal/shared';
import { identityOf } from '../../lib/resource-kit/identity';
import { defineStatus } from '../../lib/resource-kit/status';

/** Who the load balancer resource is; the declaration adds how it shows and acts. */
export const balancerBase = identityOf(balancerContract, {
  name: 'balancer',
  namespace: 'balancer',
  id: (b) => b.uuid,
  title: (b) => b.lbName,
  // A VPC counts its load balancers and its map draws them.
  affects: ['/vpcs'],
});

/** A balancer is busy while the cloud programs it; the cloud's reason is the chip's tooltip. */
export const balancerStatus = defineStatus(balancerBase, {
  values: LbStatus,
  enumKey: 'lbStatus',
  transitional: new Set([LbStatus.PROCESSING, LbStatus.UPDATING, LbStatus.DELETING]),
  failed: (b) => b.status === LbStatus.ERROR,
  tone: (b) => (b.status === LbStatus.ACTIVE ? 'success' : undefined),
  reason: { show: 'tooltip' },
});
