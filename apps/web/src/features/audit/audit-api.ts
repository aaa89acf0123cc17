import { useQuery } from '@tanstack/react-query';
import type { AuditRecord, IamUser } from '@portal/shared';
import { api } from '../../lib/api/api-client';
import type { Paged } from '../../lib/api/resource';
import { resourceKeys } from '../../lib/api/query-keys';
import type { ListQuery } from '../../lib/resource-kit/list-state';
import { getPage, useListPage } from '../../lib/resource-kit/resource-queries';
import { downloadFile } from '../../lib/api/download-file';

const keys = resourceKeys('/audit');

/** A datetime-local value (the reader's time zone) as an ISO time, or undefined. */
const toIso = (local: string | number | undefined) =>
  local ? new Date(String(local)).toISOString() : undefined;

/** The list's query as the API takes it: the times typed in the reader's zone, as ISO times. */
const auditQuery = (query: ListQuery): ListQuery => ({
  ...query,
  from: toIso(query.from),
  to: toIso(query.to),
});

/** The trail's page; not asked while `enabled` is false (filters the server would refuse). */
export const useAuditLog = (query: ListQuery, enabled: boolean) =>
  useListPage(keys.lists(), query, (q) => getPage<AuditRecord>('/audit', auditQuery(q)), enabled);

/** Everyone the user filter offers: the client's IAM users (root is added by the page). */
export function useAuditUsers() {
  return useQuery({
    queryKey: ['/iam/users', 'all-for-audit'],
    queryFn: () =>
      api.get<Paged<IamUser>>('/iam/users', {
        query: { limit: 0, sort: 'account', orderby: 'asc' },
        track: false,
      }),
    staleTime: 60_000,
  });
}

/** The filtered trail as CSV from the server (every entry, not the page on screen). */
export const exportAuditLog = (query: ListQuery) => {
  const { page: _page, limit: _limit, sort: _sort, orderby: _orderby, ...filters } = auditQuery(query);
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  return downloadFile('auditLog', '/audit/export', `audit-log-${day}.csv`, filters);
};
