import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRoute, type UsageDaily, type UsageKind, type UsageReport } from '@portal/shared';
import { API_BASE, api } from '../../lib/api/api-client';
import { ApiError } from '../../lib/api/api-error';
import { reportApiError } from '../../lib/api/report-api-error';
import { trackCall } from '../../lib/api/pending-calls';
import { i18n } from '../../lib/i18n/i18n';
import { saveBlob } from '../../lib/save-file';
import { sessionStore } from '../../lib/session/session-store';
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
export async function downloadUsageCsv(month: string): Promise<void> {
  const headers = new Headers({ 'Accept-Language': i18n.language || 'zh-TW' });
  const token = sessionStore.get().token;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const logCode = getRoute('usageReport').logCode;
  if (logCode !== undefined) headers.set('X-LOG-CODE', String(logCode));
  const call = (async () => {
    let response: Response;
    try {
      response = await fetch(`${API_BASE}/usage/report.csv?month=${encodeURIComponent(month)}`, { headers });
    } catch {
      throw new ApiError(0, 'networkError');
    }
    if (!response.ok) {
      const body = (await response.json().catch(() => undefined)) as { msg?: unknown } | undefined;
      throw new ApiError(response.status, typeof body?.msg === 'string' ? body.msg : '');
    }
    return response.blob();
  })();
  try {
    saveBlob(`usage-report-${month}.csv`, await trackCall(call));
  } catch (error) {
    if (error instanceof ApiError) reportApiError(error);
    throw error;
  }
}
