import { getRoute, type RouteId } from '@portal/shared';
import { i18n } from '../i18n/i18n';
import { saveBlob } from '../save-file';
import { sessionStore } from '../session/session-store';
import { API_BASE, type QueryValue } from './api-client';
import { ApiError } from './api-error';
import { trackCall } from './pending-calls';
import { reportApiError } from './report-api-error';

/**
 * A file answer (a CSV export) fetched with the headers every call carries (bearer token, language,
 * the log code of the page `routeId`) and saved by the browser. Only the pages that download
 * import it, so it stays out of the Home page's api client.
 */
export async function downloadFile(
  routeId: RouteId,
  path: string,
  filename: string,
  query: Record<string, QueryValue> = {},
) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const headers = new Headers({ 'Accept-Language': i18n.language || 'zh-TW' });
  const token = sessionStore.get().token;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const logCode = getRoute(routeId).logCode;
  if (logCode !== undefined) headers.set('X-LOG-CODE', String(logCode));

  const call = (async () => {
    let response: Response;
    try {
      response = await fetch(`${API_BASE}${path}?${params.toString()}`, { headers });
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
    saveBlob(filename, await trackCall(call));
  } catch (error) {
    if (error instanceof ApiError) reportApiError(error);
    throw error;
  }
}
