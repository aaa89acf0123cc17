import { useQuery } from '@tanstack/react-query';
import type { ApiPath, AuthorityPath } from '@portal/shared';
import { usePermissions } from '../permissions/use-permissions';
import { api } from './api-client';
import { resourceKeys } from './query-keys';
import type { Paged } from './resource';

/**
 * The lists other console pages pick from or price with (the VMs, disks, VPCs and firewalls of the
 * VM form, list filters, the disk, snapshot, snapshot-rule and alarm forms), each asked by its
 * feature's `*-choices` hook. A user without the authority to list them gets an empty list rather
 * than a 403 toast on a page that only offers them as a choice.
 */

/** Every row, in one answer. */
const ALL_ROWS = { page: 0, limit: 0 };

/** How long a list offered as choices is taken as fresh. */
export const PICKER_STALE_MS = 30_000;

/**
 * Every row of the list at `path` that matches `filter`, to choose from: asked only when
 * `enabled` and the user holds `authority`.
 */
export function useChoices<T>(
  path: ApiPath<'GET'>,
  authority: AuthorityPath,
  options: {
    filter?: Readonly<Record<string, string | undefined>>;
    enabled?: boolean;
    staleTime?: number;
  } = {},
) {
  const { can } = usePermissions();
  const { filter, enabled = true, staleTime } = options;
  const query = { ...ALL_ROWS, ...filter };
  return useQuery({
    queryKey: resourceKeys(path).listQuery(query),
    queryFn: () =>
      api.get<Paged<T>>(path, { query: { ...query, t: Date.now() }, track: false }).then((p) => p.records),
    enabled: enabled && can(authority),
    ...(staleTime === undefined ? {} : { staleTime }),
  });
}
