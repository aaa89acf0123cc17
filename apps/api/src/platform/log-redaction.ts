import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';

/**
 * Route parameters and query keys that hold a link secret: the reset, set-password, registration
 * and progress links (`:guid`), the operations console's document view links (`?token=`) and the
 * VM console's socket (`?ticket=`). Whoever reads the log must not be able to open them.
 */
const SECRET_NAMES = new Set(['guid', 'token', 'ticket']);

export const REDACTED = '[redacted]';

/**
 * The URL with its secrets replaced: path segments that hold the value of a secret route
 * parameter (as the router matched them) and the values of secret query keys.
 */
export function redactUrl(url: string, params: unknown): string {
  return redactParams(url, params).replace(new RegExp(API_KEY_IN_TEXT.source, 'gi'), REDACTED);
}

/**
 * An API key's secret wherever it stands in an address, as typed or percent-encoded: refused
 * there (API_KEY_IN_URL), and never logged.
 */
export const API_KEY_IN_TEXT = /cpk(_|%5f)[A-Za-z0-9_-]{40,}/i;

function redactParams(url: string, params: unknown): string {
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  const query = queryAt < 0 ? '' : url.slice(queryAt + 1);

  const secrets = new Set<string>();
  if (params && typeof params === 'object') {
    for (const [name, value] of Object.entries(params)) {
      if (SECRET_NAMES.has(name) && typeof value === 'string' && value !== '') secrets.add(value);
    }
  }
  const redactedPath =
    secrets.size === 0
      ? path
      : path
          .split('/')
          .map((segment) => (secrets.has(decoded(segment)) ? REDACTED : segment))
          .join('/');
  if (queryAt < 0) return redactedPath;
  const redactedQuery = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = decoded(eq < 0 ? pair : pair.slice(0, eq));
      return SECRET_NAMES.has(key) && eq >= 0 ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${redactedPath}?${redactedQuery}`;
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Fastify's request serializer, with the URL's secrets redacted. */
function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url, request.params),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * What a failed query carries besides its SQL: the values it was given (Drizzle's `params` and its
 * message's "params:" line, PGlite's `params`, postgres.js's `parameters`) and PostgreSQL's
 * `detail`, which repeats a conflicting value ("Key (email)=(...) already exists"). These are the
 * customers' data (names, addresses, numbers, mail with live codes) and stay out of the log.
 */
const QUERY_VALUES = new Set(['params', 'parameters', 'queryOptions', 'detail']);
const PARAMS_LINE = /\nparams: [\s\S]*$/;

/** A copy of the error and its causes without the values of failed queries. */
export function withoutQueryValues(error: unknown, seen = new Set<unknown>()): unknown {
  if (!(error instanceof Error) || seen.has(error)) return error;
  seen.add(error);
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error;
  for (const key of Reflect.ownKeys(error)) {
    if (typeof key === 'string' && QUERY_VALUES.has(key)) continue;
    Object.defineProperty(copy, key, Object.getOwnPropertyDescriptor(error, key)!);
  }
  const message = error.message.replace(PARAMS_LINE, '');
  if (message !== error.message) {
    Object.defineProperty(copy, 'message', { value: message, writable: true, configurable: true });
    if (typeof error.stack === 'string') {
      Object.defineProperty(copy, 'stack', {
        value: error.stack.replace(error.message, message),
        writable: true,
        configurable: true,
      });
    }
  }
  if (error.cause !== undefined) {
    Object.defineProperty(copy, 'cause', {
      value: withoutQueryValues(error.cause, seen),
      writable: true,
      configurable: true,
    });
  }
  if (error instanceof AggregateError) {
    Object.defineProperty(copy, 'errors', {
      value: error.errors.map((e) => withoutQueryValues(e, seen)),
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

/**
 * Options of the server's logger (Fastify's own lines and ours, on the app logger and its
 * children): request URLs without link secrets, errors without query values, also where pino
 * takes an error's message for the line's own message (`log.error(error)`, `log.error({ err })`).
 */
export const REDACTING_LOG_OPTIONS = {
  serializers: {
    req: requestSerializer,
    err: (error: unknown) => stdSerializers.err(withoutQueryValues(error) as Error),
  },
  hooks: {
    logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void) {
      const [first] = args;
      if (first instanceof Error) args[0] = withoutQueryValues(first);
      else if (first && typeof first === 'object' && 'err' in first && first.err instanceof Error)
        args[0] = { ...first, err: withoutQueryValues(first.err) };
      method.apply(this, args);
    },
  },
};

/** Logger options with the redaction added, whatever else they say (level, stream, transport). */
export function redactingLogger(options: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (options === false || options === undefined) return options;
  return { ...(typeof options === 'object' ? options : {}), ...REDACTING_LOG_OPTIONS };
}
