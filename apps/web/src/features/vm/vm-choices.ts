import { useQuery } from '@tanstack/react-query';
import type { Vm } from '@portal/shared';
import { api } from '../../lib/api/api-client';
import { ALL_ROWS } from '../../lib/api/choices';
import { resourceKeys } from '../../lib/api/query-keys';
import type { Paged } from '../../lib/api/resource';
import { usePermissions } from '../../lib/permissions/use-permissions';

/** Every VM of the tenant, to choose from (the VM's own authority decides whether they can be listed). */
export function useVmChoices() {
  const { can } = usePermissions();
  return useQuery({
    queryKey: resourceKeys('/vms').listQuery(ALL_ROWS),
    queryFn: () =>
      api
        .get<Paged<Vm>>('/vms', { query: { ...ALL_ROWS, t: Date.now() }, track: false })
        .then((p) => p.records),
    enabled: can('compute/vm'),
  });
}
