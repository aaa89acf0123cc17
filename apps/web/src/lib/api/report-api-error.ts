import { navigateTo } from '../navigation';
import { clearSession, sessionStore } from '../session/session-store';
import { showToast } from '../toast/toast-store';
import type { ApiError } from './api-error';

/** Statuses whose body code names the problem well enough to show its own message. */
const CODED_STATUSES = new Set([400, 404, 413, 415, 429]);

const UNEXPECTED = 'apiError.unexpectedServerError';

// Two callers sharing one de-duplicated request get the same error; it is reported once.
const reported = new WeakSet<ApiError>();

/**
 * The automatic error handling of spec section 8: 400 (and the other coded answers) show
 * `apiError.<msg>`, 401 signs out and goes to Login, 403 and network failures have their own
 * message, anything else is an unexpected server error. A code without a message of its own falls
 * back to the unexpected-error message when the toast is shown.
 */
export function reportApiError(error: ApiError): void {
  if (reported.has(error)) return;
  reported.add(error);
  if (error.isNetworkError) {
    // The common namespace is always loaded: the message shows even when the apiError one cannot
    // be fetched over the failing network.
    showToast('error', 'apiError.networkError', undefined, 'common.errors.network');
  } else if (error.status === 401) {
    showToast('error', 'apiError.error401');
    if (sessionStore.get().token) clearSession();
    navigateTo('/login');
  } else if (error.status === 403) {
    showToast('error', 'apiError.error403');
  } else if (CODED_STATUSES.has(error.status) && error.msg) {
    showToast('error', `apiError.${error.msg}`, undefined, UNEXPECTED);
  } else {
    showToast('error', UNEXPECTED);
  }
}
