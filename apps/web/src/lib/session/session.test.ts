import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientInfo } from '@portal/shared';
import { json, mockFetch } from '../../test/http';
import { toastStore } from '../toast/toast-store';

const INFO: ClientInfo = {
  id: 'u1',
  account: 'owner@example.com',
  identityNumber: '12345675',
  companyName: 'Example Co.',
  clientNumber: '20260000001',
  email: 'owner@example.com',
  twoFa: false,
  isRoot: true,
  contactName: '',
  contactTel: '',
  contactMobile: '',
};

/** The session modules as a fresh page load sees them, with `token` in storage. */
async function load(token: string | null) {
  vi.resetModules();
  if (token) localStorage.setItem('authorization', token);
  else localStorage.removeItem('authorization');
  const store = await import('./session-store');
  const actions = await import('./session-actions');
  const { queryClient } = await import('../query-client');
  return { ...store, ...actions, queryClient };
}

beforeEach(() => toastStore.set([]));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('session', () => {
  it('reads the token from storage at start', async () => {
    const s = await load('tok');
    expect(s.sessionStore.get()).toMatchObject({ token: 'tok', info: null, checked: false });
    const anonymous = await load(null);
    expect(anonymous.sessionStore.get()).toMatchObject({ token: null, checked: true });
  });

  it('checks a stored token by fetching client info', async () => {
    const s = await load('tok');
    const fetchMock = mockFetch(() => json(200, { data: INFO }));
    await s.restoreSession();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/client/info');
    expect(s.sessionStore.get()).toMatchObject({ token: 'tok', info: INFO, checked: true });
  });

  it('clears a token the server refuses, quietly', async () => {
    const s = await load('dead');
    mockFetch(() => json(401, { msg: 'UNAUTHORIZED' }));
    await s.restoreSession();
    expect(s.sessionStore.get()).toMatchObject({ token: null, info: null, checked: true });
    expect(localStorage.getItem('authorization')).toBeNull();
    expect(toastStore.get()).toEqual([]);
  });

  it('stores a new token and drops every cached answer of the previous one', async () => {
    const s = await load('first');
    s.queryClient.setQueryData(['auth', 'page', 'first'], { menu: [], authority: true });
    s.setToken('second');
    expect(localStorage.getItem('authorization')).toBe('second');
    expect(s.queryClient.getQueryData(['auth', 'page', 'first'])).toBeUndefined();
  });

  it('logs out on the server with log code 10008, then clears everything locally even if that fails', async () => {
    const s = await load('tok');
    s.setClientInfo(INFO);
    s.queryClient.setQueryData(['x'], 1);
    const fetchMock = mockFetch(() => json(500, {}));
    await s.logout();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([url, init?.method, new Headers(init?.headers).get('X-LOG-CODE')]).toEqual([
      '/api/users/logout',
      'POST',
      '10008',
    ]);
    expect(s.sessionStore.get()).toEqual({ token: null, info: null, checked: true });
    expect(localStorage.getItem('authorization')).toBeNull();
    expect(s.queryClient.getQueryData(['x'])).toBeUndefined();
    expect(toastStore.get()).toEqual([]);
  });
});
