import { firewallContract, FirewallStatus } from '@portal/shared';
import { identityOf } from '../../lib/resource-kit/identity';
import { defineStatus } from '../../lib/resource-kit/status';

/** Who the firewall resource is; the declaration (firewall-resource.tsx) adds how it shows and acts. */
export const firewallBase = identityOf(firewallContract, {
  name: 'firewall',
  namespace: 'firewall',
  id: (fw) => fw.firewallUuid,
  title: (fw) => fw.name,
  // A VM shows the firewalls it is in; a VPC counts its firewalls and its map names them.
  affects: ['/vms', '/vpcs'],
});

/**
 * A firewall's status: busy while the cloud works on it (or a VM is being created with it), with
 * the cloud's reason under it when its last change failed.
 */
export const firewallStatus = defineStatus(firewallBase, {
  values: FirewallStatus,
  enumKey: 'firewallStatus',
  transitional: new Set([FirewallStatus.IN_USE, FirewallStatus.UPDATING, FirewallStatus.DELETING]),
  failed: (fw) => fw.status === FirewallStatus.ERROR,
  tone: () => 'success',
  reason: { show: 'caption' },
});
