import { firewallContract } from '@portal/shared';
import { identityOf } from '../../lib/resource-kit/identity';

/** Who the firewall resource is; the declaration (firewall-resource.tsx) adds how it shows and acts. */
export const firewallBase = identityOf(firewallContract, {
  name: 'firewall',
  namespace: 'firewall',
  id: (fw) => fw.firewallUuid,
  title: (fw) => fw.name,
  // A VM shows the firewalls it is in; a VPC counts its firewalls and its map names them.
  affects: ['/vms', '/vpcs'],
});
