import { useQuery } from '@tanstack/react-query';
import type { Firewall, FirewallRule } from '@portal/shared';
import { api } from '../../lib/api/api-client';
import { ALL_ROWS, PICKER_STALE_MS } from '../../lib/api/choices';
import { resourceKeys } from '../../lib/api/query-keys';
import type { Paged } from '../../lib/api/resource';
import { usePermissions } from '../../lib/permissions/use-permissions';

/** The firewalls of a VPC, to choose from (the VM form). */
export function useFirewalls(vpcUuid: string | undefined) {
  const { can } = usePermissions();
  return useQuery({
    queryKey: resourceKeys('/firewalls').listQuery({ ...ALL_ROWS, vpcUuid }),
    queryFn: () =>
      api
        .get<Paged<Firewall>>('/firewalls', { query: { ...ALL_ROWS, vpcUuid, t: Date.now() }, track: false })
        .then((p) => p.records),
    enabled: Boolean(vpcUuid) && can('network/firewall'),
    staleTime: PICKER_STALE_MS,
  });
}

/** A firewall's rules in order (the edit page, the VM's security tab). */
export function useFirewallRules(firewallUuid: string | undefined) {
  const { can } = usePermissions();
  return useQuery({
    queryKey: [...resourceKeys('/firewalls').all, 'rules', firewallUuid],
    queryFn: () =>
      api.get<FirewallRule[]>(`/firewalls/${encodeURIComponent(firewallUuid!)}/rules`, {
        query: { t: Date.now() },
        track: false,
      }),
    enabled: Boolean(firewallUuid) && can('network/firewall'),
  });
}
