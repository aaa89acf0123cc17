import { useQuery } from '@tanstack/react-query';
import type { Firewall, FirewallRule } from '@portal/shared';
import { api } from '../../lib/api/api-client';
import { PICKER_STALE_MS, useChoices } from '../../lib/api/choices';
import { resourceKeys } from '../../lib/api/query-keys';
import { usePermissions } from '../../lib/permissions/use-permissions';

/** The firewalls of a VPC, to choose from (the VM form). */
export const useFirewalls = (vpcUuid: string | undefined) =>
  useChoices<Firewall>('/firewalls', 'network/firewall', {
    filter: { vpcUuid },
    enabled: Boolean(vpcUuid),
    staleTime: PICKER_STALE_MS,
  });

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
