import { isVmTransitional, vmContract, VmStatus } from '@portal/shared';
import { identityOf } from '../../lib/resource-kit/identity';
import { defineStatus } from '../../lib/resource-kit/status';

/** Who the VM resource is; the declaration (vm-resource.tsx) adds how it shows and acts. */
export const vmBase = identityOf(vmContract, {
  name: 'vm',
  namespace: 'vm',
  id: (vm) => vm.uuid,
  title: (vm) => vm.name,
  // Protecting a VM adds it to a rule's VMs; a snapshot shows its VM's status (a restore needs it
  // stopped). A VM made or deleted changes its firewalls' VM count (and holds them while it is
  // made), its VPC's VM count and map, and the targets of the load balancers sending to it.
  affects: ['/snapshot-rules', '/snapshots', '/firewalls', '/vpcs', '/balancers'],
});

/** A VM's status, or the change under way when the status list has no word for it ("Deleting"). */
export const vmStatus = defineStatus(vmBase, {
  values: VmStatus,
  enumKey: 'vmStatus',
  transitional: isVmTransitional,
  failed: (vm) => vm.status === VmStatus.ERROR,
  tone: (vm) => (vm.status === VmStatus.RUNNING ? 'success' : undefined),
  text: (vm, t, status) =>
    vm.pendingOperation ? t(`vm:pending.${vm.pendingOperation}`, { defaultValue: status }) : status,
});
