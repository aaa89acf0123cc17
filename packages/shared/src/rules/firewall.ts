import { FIREWALL_LIMIT, VM_FIREWALLS_MAX } from '../constants.js';
import { FirewallStatus, isFirewallEditable } from '../enums/firewall.js';
import { VmStatus } from '../enums/vm.js';
import type { RuleResult } from './vm.js';

/**
 * Which changes a firewall allows (spec sections 4 and 5); see rules/vm.ts for the shape. Only a
 * firewall in error (-1) or editable (7) takes a change: while it is in use by a VM being created
 * (1), updating (5) or deleting (6) the cloud is working with it.
 */
export interface FirewallState {
  status: number;
}

/** Edit the name or the rules. */
export function canEditFirewall(fw: FirewallState): RuleResult {
  return isFirewallEditable(fw.status as FirewallStatus) ? true : 'FIREWALL_IN_NON_MODIFIABLE_STATE';
}

/** Delete: no VM may be in it, and the cloud must not be working on it. */
export function canDeleteFirewall(fw: FirewallState & { vmCount: number }): RuleResult {
  if (fw.vmCount > 0) return 'FIREWALL_ALREADY_HAS_A_VM_ATTACHED';
  return canEditFirewall(fw);
}

/** Another firewall: FIREWALL_LIMIT per customer. */
export function canCreateFirewall(count: number): RuleResult {
  return count >= FIREWALL_LIMIT ? 'FIREWALL_OVER_LIMIT' : true;
}

/** A firewall the cloud is changing or deleting cannot take a VM (spec section 5). */
export function canUseFirewallForNewVm(fw: FirewallState): RuleResult {
  const busy: number[] = [FirewallStatus.UPDATING, FirewallStatus.DELETING];
  return busy.includes(fw.status) ? 'FIREWALL_BEING_MODIFIED' : true;
}

interface VmLike {
  status: number;
  pendingOperation: string | null;
  /** The firewalls it is in. */
  firewallUuids: readonly string[];
}

/** A VM the cloud has (not being created) and is not deleting. */
function vmTakesFirewallChange(vm: VmLike): RuleResult {
  if (vm.pendingOperation === 'create' || vm.pendingOperation === 'delete') return 'VM_STATUS_ERROR';
  return vm.status === VmStatus.LAUNCHING ? 'VM_STATUS_ERROR' : true;
}

/**
 * Put a VM in the firewall (the VM's security tab): the firewall is one of the VM's VPC and takes
 * a change; the VM is settled and in fewer than VM_FIREWALLS_MAX firewalls, counting those it is
 * joining while the cloud works (`joiningFirewalls`, which the server knows and a page need not).
 */
export function canAttachFirewall(
  fw: FirewallState & { vpcUuid: string; firewallUuid: string },
  vm: VmLike & { vpcUuid: string; joiningFirewalls?: number },
): RuleResult {
  if (fw.vpcUuid !== vm.vpcUuid) return 'FIREWALL_NOT_IN_VPC';
  if (vm.firewallUuids.includes(fw.firewallUuid)) return 'FIREWALL_NOT_FOUND';
  if (fw.status === FirewallStatus.UPDATING || fw.status === FirewallStatus.DELETING)
    return 'FIREWALL_BEING_MODIFIED';
  const idle = canEditFirewall(fw);
  if (idle !== true) return idle;
  const vmOk = vmTakesFirewallChange(vm);
  if (vmOk !== true) return vmOk;
  return vm.firewallUuids.length + (vm.joiningFirewalls ?? 0) >= VM_FIREWALLS_MAX
    ? 'VM_FIREWALLS_LIMIT'
    : true;
}

/**
 * Take a VM out of the firewall. Its last firewall may go too: a VM may be created with none, so
 * it may be left with none (the tab says so before it asks the cloud).
 */
export function canDetachFirewall(fw: FirewallState & { firewallUuid: string }, vm: VmLike): RuleResult {
  if (!vm.firewallUuids.includes(fw.firewallUuid)) return 'FIREWALL_NOT_FOUND';
  if (fw.status === FirewallStatus.UPDATING || fw.status === FirewallStatus.DELETING)
    return 'FIREWALL_BEING_MODIFIED';
  const idle = canEditFirewall(fw);
  if (idle !== true) return idle;
  return vmTakesFirewallChange(vm);
}
