import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditRecord, IamUser } from '@portal/shared';
import { api } from '../../lib/api/api-client';
import type { Paged } from '../../lib/api/resource';
import { resourceKeys } from '../../lib/api/query-keys';
import type { TableQuery } from '../../components/resource-table/resource-column';
import { downloadFile } from '../../lib/api/download-file';

const keys = resourceKeys('/audit');

export interface AuditFilters {
  userId?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  /** ISO times. */
  from?: string;
  to?: string;
}

/** The trail's page; not asked while `enabled` is false (filters the server would refuse). */
export function useAuditLog(query: TableQuery, filters: AuditFilters, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...keys.list(query), filters],
    queryFn: () =>
      api.get<Paged<AuditRecord>>('/audit', {
        query: { page: query.page, limit: query.limit, ...filters, t: Date.now() },
        track: false,
      }),
    placeholderData: keepPreviousData,
  });
}

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

export const exportAuditLog = (filters: AuditFilters) => {
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  return downloadFile('auditLog', '/audit/export', `audit-log-${day}.csv`, { ...filters });
};
