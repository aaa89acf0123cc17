import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UPDATE_NEEDS_ID } from '@portal/shared';
import { headersOf, json, mockFetch } from '../../test/http';
import { registerNavigate } from '../navigation';
import { clearSession, sessionStore, setToken } from '../session/session-store';
import { toastStore } from '../toast/toast-store';
import { api as typedApi } from './api-client';
import { ApiError } from './api-error';
import { registerLogCodeResolver } from './log-code';
import { pendingCalls } from './pending-calls';
import { resource } from './resource';

// The client's own mechanics (headers, de-duplication, errors) on made-up paths: untyped here, as
// no route of the API serves them.
const api = typedApi as unknown as Record<
  keyof typeof typedApi,
  (path: string, ...rest: unknown[]) => Promise<unknown>
>;

const toastMessages = () => toastStore.get().map((t) => t.message);
let path = 0;
/** A fresh path per call, so the de-duplication of one test never answers another. */
const fresh = () => `/things/${++path}`;

beforeEach(() => {
  toastStore.set([]);
  clearSession();
  registerLogCodeResolver(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('api client', () => {
  it('sends the language, the bearer token and the log code, and answers the data field', async () => {
    const fetchMock = mockFetch(() => json(200, { data: { id: '1' } }));
    setToken('tok-123');
    registerLogCodeResolver(() => 10005);
    await expect(api.get(fresh())).resolves.toEqual({ id: '1' });
    const headers = headersOf(fetchMock.mock.calls[0]!);
    expect(headers.get('Accept-Language')).toBe('en');
    expect(headers.get('Authorization')).toBe('Bearer tok-123');
    expect(headers.get('X-LOG-CODE')).toBe('10005');
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/^\/api\/things\/\d+$/);
  });

  it('sends no Authorization without a token and JSON bodies with their type', async () => {
    const fetchMock = mockFetch(() => json(200, { data: null }));
    await api.post('/auth/login', { account: 'a@b.co' }, { logCode: 10001 });
    const [, init] = fetchMock.mock.calls[0]!;
    const headers = headersOf(fetchMock.mock.calls[0]!);
    expect(headers.has('Authorization')).toBe(false);
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('X-LOG-CODE')).toBe('10001');
    expect(init?.body).toBe('{"account":"a@b.co"}');
  });

  it('shows apiError.<msg> on a 400 and rejects with the code and field problems', async () => {
    mockFetch(() =>
      json(400, { msg: 'FORMAT_ERROR', errors: [{ path: 'pass1', message: 'validation.needBePassword' }] }),
    );
    const error = await api.post('/client/info', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, msg: 'FORMAT_ERROR', errors: [{ path: 'pass1' }] });
    expect(toastMessages()).toEqual(['apiError.FORMAT_ERROR']);
  });

  it('shows the code of a 429 and keeps Retry-After', async () => {
    mockFetch(() => json(429, { msg: 'TRY_AGAIN_LATER' }, { 'Retry-After': '30' }));
    await expect(api.post('/auth/login', {})).rejects.toMatchObject({ retryAfterSeconds: 30 });
    expect(toastMessages()).toEqual(['apiError.TRY_AGAIN_LATER']);
  });

  it('leaves the message to a caller that handles errors', async () => {
    mockFetch(() => json(400, { msg: 'LOGIN_ERROR' }));
    await expect(api.post('/auth/login', {}, { handleErrors: true })).rejects.toMatchObject({
      msg: 'LOGIN_ERROR',
    });
    expect(toastMessages()).toEqual([]);
  });

  it('on a 401 shows error401, clears the session and goes to the login page', async () => {
    const navigate = vi.fn();
    registerNavigate(navigate);
    setToken('stale');
    mockFetch(() => json(401, { msg: 'UNAUTHORIZED' }));
    await expect(api.get(fresh())).rejects.toMatchObject({ status: 401 });
    expect(toastMessages()).toEqual(['apiError.error401']);
    expect(sessionStore.get().token).toBeNull();
    expect(localStorage.getItem('authorization')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('shows error403 on a 403, the unexpected-error message on a 500 and networkError when offline', async () => {
    mockFetch(() => json(403, { msg: 'FORBIDDEN' }));
    await api.get(fresh()).catch(() => undefined);
    mockFetch(() => json(500, { msg: 'INTERNAL_ERROR' }));
    await api.get(fresh()).catch(() => undefined);
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.get(fresh())).rejects.toMatchObject({ status: 0, isNetworkError: true });
    expect(toastMessages()).toEqual([
      'apiError.error403',
      'apiError.unexpectedServerError',
      'apiError.networkError',
    ]);
  });

  it('gives an unknown code the unexpected-error message as its fallback', async () => {
    mockFetch(() => json(400, { msg: 'SOMETHING_NEW' }));
    await api.post('/x', {}).catch(() => undefined);
    expect(toastStore.get()[0]).toMatchObject({
      message: 'apiError.SOMETHING_NEW',
      fallback: 'apiError.unexpectedServerError',
    });
  });

  it('shares identical GETs within 200 ms, ignoring the cache-busting t, and one failure toasts once', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout'] });
    const fetchMock = mockFetch(() => json(200, { data: [1, 2] }));
    const url = fresh();
    const [a, b] = await Promise.all([api.get(url, { query: { t: 1 } }), api.get(url, { query: { t: 2 } })]);
    expect(a).toEqual([1, 2]);
    expect(b).toBe(a);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(200);
    await api.get(url);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    mockFetch(() => json(500, {}));
    const failing = fresh();
    await Promise.all([api.get(failing).catch(() => undefined), api.get(failing).catch(() => undefined)]);
    expect(toastMessages()).toEqual(['apiError.unexpectedServerError']);
  });

  it('does not share POSTs or GETs with different parameters', async () => {
    const fetchMock = mockFetch(() => json(200, { data: 1 }));
    const url = fresh();
    await Promise.all([
      api.get(url, { query: { page: 0 } }),
      api.get(url, { query: { page: 1 } }),
      api.post(url),
      api.post(url),
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('asks again after a write, even within 200 ms of the same GET', async () => {
    let version = 1;
    const fetchMock = mockFetch((_url, init) => {
      if (init.method === 'POST') version += 1;
      return json(200, { data: version });
    });
    const url = fresh();
    expect(await api.get(url)).toBe(1);
    await api.post(url);
    // The list refetched after creating something shows it: not the answer from before the write.
    expect(await api.get(url)).toBe(2);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('counts tracked calls for the loading overlay, unless a call opts out', async () => {
    let answer: (r: Response) => void = () => undefined;
    mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const tracked = api.post(fresh());
    expect(pendingCalls.get()).toBe(1);
    answer(json(200, { data: true }));
    await tracked;
    expect(pendingCalls.get()).toBe(0);

    mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const quiet = api.post(fresh(), undefined, { track: false });
    expect(pendingCalls.get()).toBe(0);
    answer(json(200, { data: true }));
    await quiet;
  });
});

describe('resource helpers', () => {
  const vms = resource<{ id: string; name: string }>('/compute/vms');

  it('lists a page with page, limit, sort, orderby and t', async () => {
    const fetchMock = mockFetch(() => json(200, { data: { records: [], total: 0, page: 2, limit: 20 } }));
    await vms.list({ page: 2, limit: 20, sort: 'name', orderby: 'desc' });
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://x');
    expect(url.pathname).toBe('/api/compute/vms');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      page: '2',
      limit: '20',
      sort: 'name',
      orderby: 'desc',
    });
    expect(url.searchParams.get('t')).toMatch(/^\d+$/);
  });

  it('defaults to the first page of 10', async () => {
    const fetchMock = mockFetch(() => json(200, { data: { records: [], total: 0, page: 0, limit: 10 } }));
    await vms.list();
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://x');
    expect([url.searchParams.get('page'), url.searchParams.get('limit')]).toEqual(['0', '10']);
  });

  it('updates with PATCH {base}/{id} without the id in the body, and refuses data without an id', async () => {
    const fetchMock = mockFetch(() => json(200, { data: { id: 'a/1', name: 'x' } }));
    await vms.update({ id: 'a/1', name: 'x' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([url, init?.method, init?.body]).toEqual(['/api/compute/vms/a%2F1', 'PATCH', '{"name":"x"}']);
    expect(() => vms.update({ name: 'x' })).toThrow(UPDATE_NEEDS_ID);
  });

  it('creates, gets and removes, and asks tags by the last segment of the base', async () => {
    const fetchMock = mockFetch(() => json(200, { data: [] }));
    await vms.create({ name: 'x' });
    await vms.get('7');
    await vms.remove('7');
    await vms.tags(['1', '2']);
    const calls = fetchMock.mock.calls.map(
      ([url, init]) => `${init?.method} ${String(url).replace(/t=\d+/, 't=T')}`,
    );
    expect(calls).toEqual([
      'POST /api/compute/vms',
      'GET /api/compute/vms/7',
      'DELETE /api/compute/vms/7',
      'GET /api/tags/resid?type=vms&res_id=1%2C2&t=T',
    ]);
  });
});
