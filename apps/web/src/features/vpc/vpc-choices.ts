import { useQuery } from '@tanstack/react-query';
import type { Vpc } from '@portal/shared';
import { api } from '../../lib/api/api-client';
import { ALL_ROWS, PICKER_STALE_MS } from '../../lib/api/choices';
import { resourceKeys } from '../../lib/api/query-keys';
import type { Paged } from '../../lib/api/resource';
import { usePermissions } from '../../lib/permissions/use-permissions';

/** Every VPC of the tenant, to choose from (the VM, firewall and network forms, list filters). */
export function useVpcs() {
  const { can } = usePermissions();
  return useQuery({
    queryKey: resourceKeys('/vpcs').listQuery(ALL_ROWS),
    queryFn: () =>
      api
        .get<Paged<Vpc>>('/vpcs', { query: { ...ALL_ROWS, t: Date.now() }, track: false })
        .then((p) => p.records),
    enabled: can('network/vpc'),
    staleTime: PICKER_STALE_MS,
  });
}
