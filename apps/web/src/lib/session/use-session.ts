import { useStore } from '../store';
import { type SessionState, sessionStore } from './session-store';

export function useSession(): SessionState {
  return useStore(sessionStore);
}

export function useIsLoggedIn(): boolean {
  return useStore(sessionStore, (s) => Boolean(s.token));
}
