import { QueryClient } from '@tanstack/react-query';
import { sessionStore } from './session/session-store';

/**
 * One client for the app. Failed calls are already reported by the api client (toast, redirect),
 * so retries would only repeat the message; window-focus refetching is left to pages that poll.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

// A new token is a new user (or none): every cached answer, permissions included, belonged to the
// previous one. This module loads lazily, so it follows the session rather than the reverse.
let cachedFor = sessionStore.get().token;
sessionStore.subscribe(() => {
  const { token } = sessionStore.get();
  if (token === cachedFor) return;
  cachedFor = token;
  queryClient.clear();
});
