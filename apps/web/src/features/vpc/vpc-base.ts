import type { Vpc } from '@portal/shared';
import type { ResourceIdentity } from '../../lib/resource-kit/definition';

/** Who the VPC resource is; the declaration adds how it shows and acts. */
export const vpcBase: ResourceIdentity<Vpc> = {
  name: 'vpc',
  namespace: 'vpc',
  base: '/vpcs',
  id: (v) => v.netUuid,
  title: (v) => v.netName,
  routes: { list: 'vpcNets', create: 'createVPCNets', detail: 'vpcDetail', edit: 'editVPCNets' },
  authority: { view: 'network/vpc', manage: 'network/vpc/manage' },
  // The VM form's VPC picker and the VNI list show VPCs.
  affects: ['/vms', '/vnis'],
};
