import { balancerContract } from '@portal/shared';
import { identityOf } from '../../lib/resource-kit/identity';

/** Who the load balancer resource is; the declaration adds how it shows and acts. */
export const balancerBase = identityOf(balancerContract, {
  name: 'balancer',
  namespace: 'balancer',
  id: (b) => b.uuid,
  title: (b) => b.lbName,
  // A VPC counts its load balancers and its map draws them.
  affects: ['/vpcs'],
});
