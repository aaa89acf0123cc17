import { type ClientInfo, LOGOUT_LOG_CODE } from '@portal/shared';
import { api } from '../api/api-client';
import { clearSession, sessionStore, setClientInfo, setToken } from './session-store';

export function fetchClientInfo(): Promise<ClientInfo> {
  return api.get<ClientInfo>('/client/info', { handleErrors: true, track: false });
}

/**
 * The start-up check of spec section 4: a stored token is tried by fetching client info; a token
 * the server refuses is cleared quietly (the visitor may only be reading Home).
 */
export async function restoreSession(): Promise<void> {
  const { token } = sessionStore.get();
  if (!token) return;
  try {
    const info = await fetchClientInfo();
    if (sessionStore.get().token === token) setClientInfo(info);
  } catch {
    if (sessionStore.get().token === token) clearSession();
  }
}

/** After sign-in: keep the token, then load who it belongs to. */
export async function startSession(token: string): Promise<void> {
  setToken(token);
  const info = await api.get<ClientInfo>('/client/info');
  setClientInfo(info);
}

/**
 * Ends the session on the server (log code 10008) and always locally: a failed call (a session
 * the server already ended, no network) must not keep the user signed in on this device.
 */
export async function logout(): Promise<void> {
  if (sessionStore.get().token) {
    await api
      .post('/users/logout', undefined, { logCode: LOGOUT_LOG_CODE, handleErrors: true })
      .catch(() => undefined);
  }
  clearSession();
}
