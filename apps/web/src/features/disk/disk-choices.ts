import { useQuery } from '@tanstack/react-query';
import type { Disk } from '@portal/shared';
import { api } from '../../lib/api/api-client';
import { ALL_ROWS } from '../../lib/api/choices';
import { resourceKeys } from '../../lib/api/query-keys';
import type { Paged } from '../../lib/api/resource';
import { usePermissions } from '../../lib/permissions/use-permissions';

/**
 * The tenant's disks that match `filter`, every one: a VM's (a snapshot's price), the free ones
 * (to attach one). Asked only when `enabled` and the user may list disks.
 */
export function useDisks(filter: { vmUuid?: string; attached?: 'yes' | 'no' }, enabled = true) {
  const { can } = usePermissions();
  const query = { ...ALL_ROWS, ...filter };
  return useQuery({
    queryKey: resourceKeys('/disks').listQuery(query),
    queryFn: () =>
      api
        .get<Paged<Disk>>('/disks', { query: { ...query, t: Date.now() }, track: false })
        .then((p) => p.records),
    enabled: enabled && can('compute/disk'),
  });
}
