import type { Balancer } from '@portal/shared';
import type { ResourceIdentity } from '../../lib/resource-kit/definition';

/** Who the load balancer resource is; the declaration adds how it shows and acts. */
export const balancerBase: ResourceIdentity<Balancer> = {
  name: 'balancer',
  namespace: 'balancer',
  base: '/balancers',
  id: (b) => b.uuid,
  title: (b) => b.lbName,
  routes: { list: 'balancer', create: 'createBalancer', edit: 'editBalancer' },
  authority: { view: 'network/balancer', manage: 'network/balancer/manage' },
  // A VPC counts its load balancers and its map draws them.
  affects: ['/vpcs'],
};
