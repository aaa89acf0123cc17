import { isApiError } from '../../../lib/api/api-error';
import { reportApiError } from '../../../lib/api/report-api-error';

/**
 * A dialog's failed call: a coded answer (INVALID_DIRECTORY, NO_SUCH_KEY, KEY_TOO_LONG…) becomes
 * the dialog's own message key, shown in it; anything else (signed out, no network) is reported
 * as every call's failure is, and null comes back.
 */
export function dialogProblem(error: unknown): string | null {
  if (
    isApiError(error) &&
    (error.status === 400 || error.status === 404) &&
    error.msg &&
    error.errors.length === 0
  )
    return `apiError:${error.msg}`;
  if (isApiError(error)) reportApiError(error);
  return null;
}
