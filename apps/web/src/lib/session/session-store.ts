import { type ClientInfo, STORAGE_KEYS } from '@portal/shared';
import { readStorage, writeStorage } from '../storage';
import { createStore } from '../store';

export interface SessionState {
  /** The bearer token; logged in means a non-empty token. */
  token: string | null;
  /** Client info of the signed-in user, once fetched. */
  info: ClientInfo | null;
  /** Whether the start-up check of a stored token has finished. */
  checked: boolean;
}

const storedToken = readStorage(STORAGE_KEYS.token) || null;

export const sessionStore = createStore<SessionState>({
  token: storedToken,
  info: null,
  checked: storedToken === null,
});

/**
 * Stores a changed token. Cached answers, permissions included, are dropped by the query client,
 * which follows this store (lib/query-client.ts).
 */
export function setToken(token: string): void {
  if (sessionStore.get().token === token) return;
  writeStorage(STORAGE_KEYS.token, token);
  sessionStore.set({ token, info: null, checked: false });
}

export function setClientInfo(info: ClientInfo): void {
  sessionStore.set((state) => ({ ...state, info, checked: true }));
}

/** Ends the session locally: token and account fields (the query client drops its cache). */
export function clearSession(): void {
  writeStorage(STORAGE_KEYS.token, null);
  sessionStore.set({ token: null, info: null, checked: true });
}
