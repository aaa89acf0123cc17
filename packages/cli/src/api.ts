import { createPortalClient, type PortalClient } from '@portal/client';
import { loadSettings } from './config.js';
import { CliError, Exit, exitOfStatus } from './exit-codes.js';
import type { Text } from './text.js';

export interface Api {
  client: PortalClient;
  url: string;
  /** A request the generated client does not type (a streamed body, a route it does not know yet). */
  raw(method: string, path: string, init?: RequestInit): Promise<Response>;
}

export interface Connection {
  url: string;
  key: string;
  /** The fetch to use; the global one by default (tests give their own). */
  fetch?: (request: Request) => Promise<Response>;
}

export function connect({ url, key, fetch: send = (r) => fetch(r) }: Connection): Api {
  const client = createPortalClient({ baseUrl: url, key, fetch: send });
  const base = url.replace(/\/+$/, '');
  return {
    client,
    url: base,
    raw: (method, path, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set('authorization', `Bearer ${key}`);
      return send(new Request(`${base}${path}`, { ...init, method, headers }));
    },
  };
}

/** The settings saved by `portal login` (or PORTAL_URL / PORTAL_KEY); not signed in without a key. */
export async function savedConnection(
  env: NodeJS.ProcessEnv,
  text: Text,
): Promise<{ url: string; key: string }> {
  const { url, key } = await loadSettings(env);
  if (!key) throw new CliError(Exit.NOT_SIGNED_IN, text.t('error.notSignedIn'));
  return { url, key };
}

interface ErrorBody {
  msg?: string;
  errors?: { path: string; message: string }[];
}

/** The CLI error of a refusal: its exit code by status, its code and message in the user's language. */
export function refusal(text: Text, status: number, body: ErrorBody | undefined): CliError {
  const code = body?.msg ?? `HTTP_${status}`;
  const details = (body?.errors ?? []).map((e) => `\n  ${e.path}: ${e.message}`).join('');
  return new CliError(exitOfStatus(status), `${code}: ${text.apiError(code)}${details}`, code);
}

/** What the client's calls answer: the body on success, the error body otherwise. */
export interface Answer<T> {
  data?: { data: T };
  error?: unknown;
  response: Response;
}

/**
 * The `data` of a call's answer, with the answer itself (for its headers); a refusal throws the
 * CLI error of its status, and an API that does not answer throws an unexpected error.
 */
export async function call<T>(text: Text, api: Api, request: Promise<Answer<T>>) {
  let answer: Answer<T>;
  try {
    answer = await request;
  } catch (error) {
    throw unreachable(text, api, error);
  }
  if (!answer.data) throw refusal(text, answer.response.status, answer.error as ErrorBody | undefined);
  return { data: answer.data.data, response: answer.response };
}

/** As `call`, the data alone, or null when the API answers 404 (a resource that is gone). */
export async function callOrGone<T>(text: Text, api: Api, request: Promise<Answer<T>>): Promise<T | null> {
  try {
    return (await call(text, api, request)).data;
  } catch (error) {
    if (error instanceof CliError && error.exit === Exit.NOT_FOUND) return null;
    throw error;
  }
}

/** A raw request's answer: the response when it succeeded, else the CLI error of its refusal. */
export async function rawCall(text: Text, api: Api, request: () => Promise<Response>): Promise<Response> {
  let response: Response;
  try {
    response = await request();
  } catch (error) {
    throw unreachable(text, api, error);
  }
  if (response.ok) return response;
  const body = (await response.json().catch(() => undefined)) as ErrorBody | undefined;
  throw refusal(text, response.status, body);
}

function unreachable(text: Text, api: Api, error: unknown) {
  if (error instanceof CliError) return error;
  const reason = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : '';
  return new CliError(Exit.UNEXPECTED, text.t('error.unreachable', { url: api.url, reason }));
}
