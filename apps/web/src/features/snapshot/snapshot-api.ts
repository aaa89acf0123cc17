import { useQuery } from '@tanstack/react-query';
import type { DestructiveBody, Snapshot, Vm } from '@portal/shared';
import { type RequestOptions, api } from '../../lib/api/api-client';
import { resourceKeys } from '../../lib/api/query-keys';
import type { Paged } from '../../lib/api/resource';
import { usePermissions } from '../../lib/permissions/use-permissions';

const snapshotPath = (s: Snapshot) => `/snapshots/${encodeURIComponent(s.uuid)}`;

export const restoreSnapshot = (s: Snapshot, body: DestructiveBody, options: RequestOptions) =>
  api.post<Snapshot>(`${snapshotPath(s)}/restore`, body, options);
export const deleteSnapshot = (s: Snapshot, body: DestructiveBody, options: RequestOptions) =>
  api.delete<Snapshot>(snapshotPath(s), { ...options, body });

/** Every VM, to choose the one to snapshot (the VM's own authority decides whether they can be listed). */
export function useVmChoices() {
  const { can } = usePermissions();
  const query = { page: 0, limit: 0 };
  return useQuery({
    queryKey: resourceKeys('/vms').listQuery(query),
    queryFn: () =>
      api.get<Paged<Vm>>('/vms', { query: { ...query, t: Date.now() }, track: false }).then((p) => p.records),
    enabled: can('compute/vm'),
  });
}
