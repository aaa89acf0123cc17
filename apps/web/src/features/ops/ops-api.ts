import { API_BASE, type RequestOptions, request } from '../../lib/api/api-client';
import { ApiError } from '../../lib/api/api-error';
import { reportApiError } from '../../lib/api/report-api-error';
import { navigateTo } from '../../lib/navigation';

/**
 * The operations console has its own session, kept apart from a customer's: its own storage key,
 * its own bearer header, and a 401 that leads to the staff sign-in, not the customer's.
 */
const OPS_TOKEN_KEY = 'opsAuthorization';
export const opsToken = {
  get: () => localStorage.getItem(OPS_TOKEN_KEY),
  set: (token: string) => localStorage.setItem(OPS_TOKEN_KEY, token),
  clear: () => localStorage.removeItem(OPS_TOKEN_KEY),
};

/** A request of the staff console: the staff session's bearer, its 401 back to the staff sign-in. */
export async function opsCall<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const token = opsToken.get();
  try {
    return await request<T>(method, `/ops${path}`, {
      ...options,
      handleErrors: true,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && path !== '/login') {
      opsToken.clear();
      navigateTo('/ops/login');
    } else if (error instanceof ApiError) reportApiError(error);
    throw error;
  }
}

/** A private file of the staff console, fetched with the staff session (none there: NOT_FOUND). */
export async function opsBlob(path: string): Promise<Blob> {
  const response = await fetch(`${API_BASE}/ops${path}`, {
    headers: { Authorization: `Bearer ${opsToken.get() ?? ''}` },
  });
  if (!response.ok) throw new ApiError(response.status, 'NOT_FOUND');
  return response.blob();
}

/** The staff session's own calls: sign in, sign out, who is signed in. */
export const opsApi = {
  login: (email: string, password: string) =>
    opsCall<{ token: string }>('POST', '/login', { body: { email, password } }),
  logout: () => opsCall<{ ok: true }>('POST', '/logout'),
  me: () => opsCall<{ email: string }>('GET', '/me'),
};
