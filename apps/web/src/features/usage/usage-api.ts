import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UsageDaily, UsageReport } from '@portal/shared';
import { api } from '../../lib/api/api-client';
import { downloadFile } from '../../lib/api/download-file';
import type { ListQuery } from '../../lib/resource-kit/list-state';
import { useListPage } from '../../lib/resource-kit/resource-queries';

/**
 * A month's report with a page of its lines, as the list asks for it (the month left out: the
 * customer's current one).
 */
export const useUsageReport = (month: string | undefined, query: ListQuery) =>
  useListPage(['/usage/report', month ?? 'current'], query, (q) =>
    api.get<UsageReport>('/usage/report', { query: { ...q, month }, track: false }),
  );

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
