import { getRoute } from '@portal/shared';
import { API_BASE, type QueryValue } from '../../lib/api/api-client';
import { ApiError } from '../../lib/api/api-error';
import { reportApiError } from '../../lib/api/report-api-error';
import { trackCall } from '../../lib/api/pending-calls';
import { i18n } from '../../lib/i18n/i18n';
import { sessionStore } from '../../lib/session/session-store';
import { saveBlob } from '../../lib/save-file';

/**
 * The CSV export fetched with the headers every call carries (bearer token, language, the order
 * history's log code) and saved by the browser. (The audit log has its own twin: features do not
 * import one another, and the api client on the Home page stays small.)
 */
export async function downloadFile(path: string, filename: string, query: Record<string, QueryValue>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const headers = new Headers({ 'Accept-Language': i18n.language || 'zh-TW' });
  const token = sessionStore.get().token;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const logCode = getRoute('orderHistory').logCode;
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
