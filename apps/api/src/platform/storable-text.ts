import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isStorableText } from '@portal/shared';
import { AppError } from './errors.js';

/**
 * 400 INVALID_CHARACTERS: text the database cannot store. With the field it was in, when it came
 * in one (a form marks the field); without, when the URL itself does not decode to text.
 */
export const invalidCharacters = (path?: string) =>
  new AppError(
    400,
    'INVALID_CHARACTERS',
    {},
    path === undefined ? undefined : [{ path, message: 'validation.invalidCharacters' }],
  );

interface Visit {
  value: unknown;
  key: string | null;
  parent: Visit | null;
}

const pathOf = (visit: Visit | null): string => {
  const keys: string[] = [];
  for (let v = visit; v && v.key !== null; v = v.parent) keys.push(v.key);
  return keys.reverse().join('.');
};

/**
 * The dotted path of a string in `input` (a value, or the key of one) that the database cannot
 * store, or null when every string can be stored. The walk keeps its own stack: a body may nest
 * deeper than the call stack goes.
 */
export function unstorableTextAt(input: unknown): string | null {
  const stack: Visit[] = [{ value: input, key: null, parent: null }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const { value } = visit;
    if (typeof value === 'string') {
      if (isStorableText(value) !== true) return pathOf(visit);
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => stack.push({ value: item, key: String(i), parent: visit }));
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        // A key is stored too (jsonb); the path stops at the object that holds it.
        if (isStorableText(key) !== true) return pathOf(visit);
        stack.push({ value: item, key, parent: visit });
      }
    }
  }
  return null;
}

/**
 * Whether the query of a URL decodes to text. The query parser keeps an escape that does not
 * decode (`%ED%A0%80`, half of a surrogate pair in UTF-8's form) as it came, where the router
 * refuses the same in a path; both are refused alike.
 */
function queryDecodes(url: string): boolean {
  const start = url.indexOf('?');
  if (start < 0) return true;
  try {
    decodeURIComponent(url.slice(start + 1));
    return true;
  } catch {
    return false;
  }
}

/** 400 INVALID_CHARACTERS when a path parameter or the query is not text the database can store. */
export function refuseUnstorableUrl(request: FastifyRequest): void {
  if (!queryDecodes(request.url)) throw invalidCharacters();
  for (const input of [request.params, request.query]) {
    const at = unstorableTextAt(input);
    if (at !== null) throw invalidCharacters(at);
  }
}

/**
 * Bad input never reaches the database: every route refuses text it cannot store (a NUL
 * character, a lone surrogate) in its path parameters, its query and its body, with 400
 * INVALID_CHARACTERS, before the route's schema or handler sees it. It runs after the authority
 * guard, so a caller without the right still gets 401 or 403 first (the guard checks the URL
 * itself for a route whose authority the URL names: see authorityFor).
 */
export function registerStorableText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    refuseUnstorableUrl(request);
    const at = unstorableTextAt(request.body);
    if (at !== null) throw invalidCharacters(at);
  });
}
