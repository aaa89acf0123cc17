import type { Firewall } from '@portal/shared';
import type { ResourceIdentity } from '../../lib/resource-kit/definition';

/** Who the firewall resource is; the declaration (firewall-resource.tsx) adds how it shows and acts. */
export const firewallBase: ResourceIdentity<Firewall> = {
  name: 'firewall',
  namespace: 'firewall',
  base: '/firewalls',
  id: (fw) => fw.firewallUuid,
  title: (fw) => fw.name,
  routes: { list: 'firewall', create: 'createFirewall', edit: 'editFirewall' },
  authority: { view: 'network/firewall', manage: 'network/firewall/manage' },
  // A VM shows the firewalls it is in; a VPC counts its firewalls and its map names them.
  affects: ['/vms', '/vpcs'],
};
