import { describe, expect, it } from 'vitest';
import { FIREWALL_LIMIT, VM_FIREWALLS_MAX } from '../constants.js';
import { FirewallStatus } from '../enums/firewall.js';
import { VmStatus } from '../enums/vm.js';
import {
  canAttachFirewall,
  canCreateFirewall,
  canDeleteFirewall,
  canDetachFirewall,
  canEditFirewall,
  canUseFirewallForNewVm,
} from './firewall.js';

const fw = (status: number = FirewallStatus.EDITABLE) => ({
  status,
  firewallUuid: 'fw-1',
  vpcUuid: 'vpc-1',
  vmCount: 0,
});
const vm = (over: Partial<Parameters<typeof canAttachFirewall>[1]> = {}) => ({
  status: VmStatus.RUNNING as number,
  pendingOperation: null as string | null,
  vpcUuid: 'vpc-1',
  firewallUuids: [] as string[],
  ...over,
});

describe('firewall rules', () => {
  it('edits only in error or editable', () => {
    expect(canEditFirewall(fw(FirewallStatus.EDITABLE))).toBe(true);
    expect(canEditFirewall(fw(FirewallStatus.ERROR))).toBe(true);
    for (const status of [FirewallStatus.IN_USE, FirewallStatus.UPDATING, FirewallStatus.DELETING])
      expect(canEditFirewall(fw(status))).toBe('FIREWALL_IN_NON_MODIFIABLE_STATE');
  });

  it('deletes only without VMs, and not while the cloud works on it', () => {
    expect(canDeleteFirewall(fw())).toBe(true);
    expect(canDeleteFirewall({ ...fw(), vmCount: 1 })).toBe('FIREWALL_ALREADY_HAS_A_VM_ATTACHED');
    expect(canDeleteFirewall(fw(FirewallStatus.UPDATING))).toBe('FIREWALL_IN_NON_MODIFIABLE_STATE');
  });

  it('counts the customer’s firewalls against the limit', () => {
    expect(canCreateFirewall(FIREWALL_LIMIT - 1)).toBe(true);
    expect(canCreateFirewall(FIREWALL_LIMIT)).toBe('FIREWALL_OVER_LIMIT');
  });

  it('refuses a new VM on a firewall being changed', () => {
    expect(canUseFirewallForNewVm(fw(FirewallStatus.EDITABLE))).toBe(true);
    expect(canUseFirewallForNewVm(fw(FirewallStatus.IN_USE))).toBe(true);
    expect(canUseFirewallForNewVm(fw(FirewallStatus.ERROR))).toBe(true);
    expect(canUseFirewallForNewVm(fw(FirewallStatus.UPDATING))).toBe('FIREWALL_BEING_MODIFIED');
    expect(canUseFirewallForNewVm(fw(FirewallStatus.DELETING))).toBe('FIREWALL_BEING_MODIFIED');
  });

  it('attaches a firewall of the VM’s VPC to a settled VM', () => {
    expect(canAttachFirewall(fw(), vm())).toBe(true);
    expect(canAttachFirewall(fw(), vm({ vpcUuid: 'vpc-2' }))).toBe('FIREWALL_NOT_IN_VPC');
    expect(canAttachFirewall(fw(FirewallStatus.UPDATING), vm())).toBe('FIREWALL_BEING_MODIFIED');
    expect(canAttachFirewall(fw(FirewallStatus.IN_USE), vm())).toBe('FIREWALL_IN_NON_MODIFIABLE_STATE');
    expect(canAttachFirewall(fw(), vm({ status: VmStatus.LAUNCHING, pendingOperation: 'create' }))).toBe(
      'VM_STATUS_ERROR',
    );
    expect(canAttachFirewall(fw(), vm({ pendingOperation: 'delete' }))).toBe('VM_STATUS_ERROR');
    expect(canAttachFirewall(fw(), vm({ status: VmStatus.STOPPED }))).toBe(true);
    const full = Array.from({ length: VM_FIREWALLS_MAX }, (_, i) => `other-${i}`);
    expect(canAttachFirewall(fw(), vm({ firewallUuids: full }))).toBe('VM_FIREWALLS_LIMIT');
    // Those it is joining while the cloud works count too.
    const some = full.slice(0, VM_FIREWALLS_MAX - 2);
    expect(canAttachFirewall(fw(), vm({ firewallUuids: some, joiningFirewalls: 1 }))).toBe(true);
    expect(canAttachFirewall(fw(), vm({ firewallUuids: some, joiningFirewalls: 2 }))).toBe(
      'VM_FIREWALLS_LIMIT',
    );
  });

  it('detaches a firewall the VM is in, even its last', () => {
    expect(canDetachFirewall(fw(), vm({ firewallUuids: ['fw-1'] }))).toBe(true);
    expect(canDetachFirewall(fw(), vm())).toBe('FIREWALL_NOT_FOUND');
    expect(canDetachFirewall(fw(FirewallStatus.DELETING), vm({ firewallUuids: ['fw-1'] }))).toBe(
      'FIREWALL_BEING_MODIFIED',
    );
  });
});
