import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { forgetRecentGets } from '../lib/api/api-client';
import { pendingCalls } from '../lib/api/pending-calls';
import { initI18n } from '../lib/i18n/i18n';
import { queryClient } from '../lib/query-client';
import { clearSession } from '../lib/session/session-store';
import { toastStore } from '../lib/toast/toast-store';
import { localeResources } from './locale-resources';

const resources = localeResources();
await initI18n('en', { resources, ns: Object.keys(resources.en ?? {}) });

// findBy and waitFor give up after 1 s by default: on a busy machine a lazy form took longer and
// a right test failed. They still fail, later, when what they wait for never comes.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout, so no scrolling; the app scrolls to the top on every route change.
window.scrollTo = () => undefined;

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// The test files of a worker share one module graph (vitest's isolate: false, for speed): what a
// file leaves in the app's module state (session, shared GETs, cached queries, toasts, stubs,
// fake timers, storage) is put back as a fresh import would have it before the next file runs.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  forgetRecentGets();
  queryClient.clear();
  clearSession();
  toastStore.set([]);
  pendingCalls.set(0);
  localStorage.clear();
  sessionStorage.clear();
});
