import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UsageDaily, UsageKind, UsageReport } from '@portal/shared';
import { api } from '../../lib/api/api-client';
import { downloadFile } from '../../lib/api/download-file';
import type { TableQuery } from '../../components/resource-table/resource-column';

/** A month's lines, a page at a time (the month left out: the customer's current one). */
export function useUsageReport(month: string | undefined, query: TableQuery, kind?: UsageKind) {
  return useQuery({
    queryKey: ['/usage/report', month ?? 'current', query.page, query.limit, query.sort, query.orderby, kind],
    queryFn: () =>
      api.get<UsageReport>('/usage/report', {
        query: {
          month,
          page: query.page,
          limit: query.limit,
          sort: query.sort,
          orderby: query.orderby,
          kind,
        },
        track: false,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Each day's amount per kind, for the chart. */
export function useUsageDaily(month: string | undefined) {
  return useQuery({
    queryKey: ['/usage/daily', month ?? 'current'],
    queryFn: () => api.get<UsageDaily>('/usage/daily', { query: { month }, track: false }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The month's report as CSV, fetched with the headers every call carries (bearer token, language,
 * log code 10025) and saved by the browser.
 */
export function downloadUsageCsv(month: string): Promise<void> {
  return downloadFile('usageReport', '/usage/report.csv', `usage-report-${month}.csv`, { month });
}
