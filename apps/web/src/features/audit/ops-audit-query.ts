import type { StaffAuditAction } from '@portal/shared';
import type { TableQuery } from '../../components/resource-table/resource-column';
import type { ListQuery } from '../../lib/resource-kit/list-state';

/** The filters of the staff audit page as typed: an action and a day range (yyyy-mm-dd, local). */
export interface StaffAuditFilters {
  action: StaffAuditAction | '';
  fromDay: string;
  toDay: string;
}

export interface StaffAuditParams {
  page: number;
  limit: number;
  sort?: string;
  orderby?: 'asc' | 'desc';
  action?: StaffAuditAction;
  from?: string;
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A local day's first (or last) millisecond as an ISO time; undefined for no or a bad day. */
export function dayBound(day: string, end: boolean): string | undefined {
  if (!DAY.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const at = end ? new Date(y, m - 1, d, 23, 59, 59, 999) : new Date(y, m - 1, d);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

/**
 * The query of GET /api/ops/audit: the table's page and sort, the action, and the days as a range
 * of times in the reader's time zone (both days included). Empty filters are left out.
 */
export function staffAuditParams(table: TableQuery, filters: StaffAuditFilters): StaffAuditParams {
  const params: StaffAuditParams = { page: table.page, limit: table.limit };
  if (table.sort) {
    params.sort = table.sort;
    params.orderby = table.orderby ?? 'desc';
  }
  if (filters.action) params.action = filters.action;
  const from = dayBound(filters.fromDay, false);
  const to = dayBound(filters.toDay, true);
  if (from) params.from = from;
  if (to) params.to = to;
  return params;
}

/** The staff audit list's query (its state: the days as typed in the address) as the API takes it. */
export const staffAuditQuery = (query: ListQuery): StaffAuditParams =>
  staffAuditParams(
    {
      page: Number(query.page),
      limit: Number(query.limit),
      sort: query.sort === undefined ? undefined : String(query.sort),
      orderby: query.orderby === 'asc' || query.orderby === 'desc' ? query.orderby : undefined,
    },
    {
      action: (query.action ?? '') as StaffAuditFilters['action'],
      fromDay: String(query.from ?? ''),
      toDay: String(query.to ?? ''),
    },
  );
