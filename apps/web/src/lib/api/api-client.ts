import { type ApiPath, REQUEST_DEDUP_MS } from '@portal/shared';
import { i18n } from '../i18n/i18n';
import { sessionStore } from '../session/session-store';
import { ApiError } from './api-error';
import { reportApiError } from './report-api-error';
import { currentLogCode } from './log-code';
import { trackCall } from './pending-calls';

export const API_BASE = '/api';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Show the loading overlay while the call is pending (default true). */
  track?: boolean;
  /** The caller reports failures itself: no toast, no sign-out on 401. */
  handleErrors?: boolean;
  /** Overrides the log code of the current route (logout uses 10008). */
  logCode?: number;
  signal?: AbortSignal;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

/** The headers every call carries (an upload by XMLHttpRequest sends the same). */
export function buildHeaders(options: RequestOptions, hasJsonBody: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': i18n.language || 'zh-TW' });
  const token = sessionStore.get().token;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const logCode = options.logCode ?? currentLogCode();
  if (logCode !== undefined) headers.set('X-LOG-CODE', String(logCode));
  if (hasJsonBody) headers.set('Content-Type', 'application/json');
  for (const [key, value] of Object.entries(options.headers ?? {})) headers.set(key, value);
  return headers;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function send<T>(method: Method, url: string, options: RequestOptions): Promise<T> {
  const { body } = options;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const hasJsonBody = body !== undefined && !isForm;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: buildHeaders(options, hasJsonBody),
      body: isForm ? body : hasJsonBody ? JSON.stringify(body) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'networkError');
  }
  const parsed = (await readBody(response)) as { data?: T; msg?: unknown; errors?: unknown } | undefined;
  if (response.ok) return parsed?.data as T;
  const retryAfter = Number(response.headers.get('Retry-After'));
  throw new ApiError(
    response.status,
    typeof parsed?.msg === 'string' ? parsed.msg : '',
    Array.isArray(parsed?.errors) ? (parsed.errors as ApiError['errors']) : [],
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  );
}

/**
 * Identical GETs within the de-duplication window share one request. The cache-busting `t`
 * parameter is left out of the identity, or no two list calls would ever match.
 */
const recentGets = new Map<string, { promise: Promise<unknown>; startedAt: number }>();

function dedupKey(path: string, options: RequestOptions): string {
  const { t: _t, ...query } = options.query ?? {};
  return JSON.stringify([
    buildUrl(path, query),
    sessionStore.get().token,
    i18n.language,
    options.logCode ?? currentLogCode(),
  ]);
}

/** Forgets the shared GETs: a test file starts with none of another file's answers. */
export function forgetRecentGets(): void {
  recentGets.clear();
}

function sharedGet<T>(path: string, options: RequestOptions): Promise<T> {
  // A caller that can abort must own its request, or aborting would fail the others sharing it.
  if (options.signal) return send<T>('GET', buildUrl(path, options.query), options);
  const key = dedupKey(path, options);
  const now = Date.now();
  const recent = recentGets.get(key);
  if (recent && now - recent.startedAt < REQUEST_DEDUP_MS) return recent.promise as Promise<T>;
  const promise = send<T>('GET', buildUrl(path, options.query), options);
  recentGets.set(key, { promise, startedAt: now });
  setTimeout(() => {
    if (recentGets.get(key)?.promise === promise) recentGets.delete(key);
  }, REQUEST_DEDUP_MS);
  return promise;
}

/**
 * A write makes every shared read stale: a list asked again after it (a mutation's refetch) is
 * sent anew, even within the de-duplication window of the read it replaces.
 */
function write<T>(method: Method, path: string, options: RequestOptions): Promise<T> {
  recentGets.clear();
  return send<T>(method, buildUrl(path, options.query), options).finally(() => recentGets.clear());
}

export async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const call = method === 'GET' ? sharedGet<T>(path, options) : write<T>(method, path, options);
  const tracked = options.track === false ? call : trackCall(call);
  try {
    return await tracked;
  } catch (error) {
    if (error instanceof ApiError && !options.handleErrors) reportApiError(error);
    throw error;
  }
}

type BodyOptions = Omit<RequestOptions, 'body'>;

/**
 * The API's calls, each typed by the routes the API serves (`ApiPath`, from the shared list): a
 * path no route serves fails the type check. A resource's own calls go through `resourceApi`.
 */
export const api = {
  get: <T>(path: ApiPath<'GET'>, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: ApiPath<'POST'>, body?: unknown, options?: BodyOptions) =>
    request<T>('POST', path, { ...options, body }),
  patch: <T>(path: ApiPath<'PATCH'>, body?: unknown, options?: BodyOptions) =>
    request<T>('PATCH', path, { ...options, body }),
  put: <T>(path: ApiPath<'PUT'>, body?: unknown, options?: BodyOptions) =>
    request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: ApiPath<'DELETE'>, options?: RequestOptions) => request<T>('DELETE', path, options),
};
