import type { Vm } from '@portal/shared';
import type { ResourceIdentity } from '../../lib/resource-kit/definition';

/** Who the VM resource is; the declaration (vm-resource.tsx) adds how it shows and acts. */
export const vmBase: ResourceIdentity<Vm> = {
  name: 'vm',
  namespace: 'vm',
  base: '/vms',
  id: (vm) => vm.uuid,
  title: (vm) => vm.name,
  routes: { list: 'vmSetting', create: 'createVM', detail: 'vmDetail' },
  authority: { view: 'compute/vm', manage: 'compute/vm/manage' },
  // Protecting a VM adds it to a rule's VMs; a snapshot shows its VM's status (a restore needs it stopped).
  affects: ['/snapshot-rules', '/snapshots'],
};
