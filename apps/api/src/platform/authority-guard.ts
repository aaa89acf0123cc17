import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasAuthority, type AuthorityPath } from '@portal/shared';
import type { Db } from '../db/database.js';
import { authenticate, bearerToken, type AuthContext } from './auth-context.js';
import type { Clock } from './clock.js';
import { AppError, fail, forbidden, notFound, unauthorized } from './errors.js';
import { API_KEY_IN_TEXT } from './log-redaction.js';
import { isApiKey, type KeyAuthenticator } from './api-key-auth.js';
import type { SessionStore } from './sessions.js';
import { refuseUnstorableUrl } from './storable-text.js';
import type { StaffActor } from './staff-audit-record.js';
import { authenticateStaff, type StaffContext } from './staff-context.js';

/** An operations-console route: a staff session of the provider, never a customer's. */
export const STAFF = Object.freeze({ staff: true as const });

/**
 * The authority a route needs, declared on every /api route as `config.authority`:
 * - a path of the authority tree (`myAccount/myInfo/manage`) checked with the shared walk;
 * - SIGNED_IN: any signed-in user (the empty path, which every loaded tree grants);
 * - STAFF: a signed-in member of the provider's staff (the operations console);
 * - null: public, no session needed.
 */
export type RouteAuthority = AuthorityPath | typeof SIGNED_IN | typeof STAFF | null;
export const SIGNED_IN = '' as const;

/**
 * A route whose authority depends on what its path or query names (the tags of a kind of
 * resource: `PUT /api/tags/{type}/{id}` needs that kind's manage) declares it here, besides its
 * `authority`: the path of the tree the request needs, or null when it names nothing (404, to every
 * caller). The guard asks it with the rest, so neither answer waits for the body's validation.
 */
export type AuthorityFor = (request: FastifyRequest) => AuthorityPath | null;

export const isStaffAuthority = (authority: RouteAuthority): authority is typeof STAFF =>
  typeof authority === 'object' && authority !== null && authority.staff === true;

export interface DeclaredRoute {
  method: string;
  url: string;
  authority: RouteAuthority;
  /** The audit action a change writes (`config.audit.action`), for the test that all are labelled. */
  audit?: string;
  /** The resource type its audit records name (`config.audit.target`; `*` when chosen per request), for the test that all do. */
  auditTarget?: string;
  /** A signed-in route an API key may call too (`config.keys`). */
  keys?: boolean;
}

/** Routes a plugin registers for itself (the OpenAPI browser), which carry no declaration. */
const UNDECLARED_PREFIXES = ['/api/docs'];

/**
 * Whether an API key may call a route at all: a leaf's routes but the account's and IAM's, and
 * the signed-in routes that say so (`config.keys`). Sign-in, passwords, two-factor, keys and the
 * people are the console's alone, so a stolen key cannot make itself more.
 */
export const keyMayCall = (authority: AuthorityPath | typeof SIGNED_IN, keys: boolean | undefined) =>
  authority === SIGNED_IN ? keys === true : !/^(myAccount|iam)(\/|$)/.test(authority);

/** The caller of a route that declared an authority; the guard has already loaded it. */
export function signedIn(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The staff member calling a STAFF route; the guard has already loaded it. */
export function staffSignedIn(request: FastifyRequest): StaffContext {
  if (!request.staff) throw unauthorized();
  return request.staff;
}

/** The staff member calling, and from where, for the staff trail. */
export function staffActor(request: FastifyRequest): StaffActor {
  const s = staffSignedIn(request);
  return { staffId: s.id, staffEmail: s.email, ip: request.ip };
}

/**
 * The one place access is decided, for customers and staff alike. A route without a declaration
 * fails the start (a forgotten check cannot ship), and the check runs before the body is read or
 * validated, so a caller without the right gets 401 or 403 and never learns how a valid body looks.
 */
export function registerAuthorityGuard(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; sessions: SessionStore; keys: KeyAuthenticator },
): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('staff', null);
  // Every declared route, for tests that walk them all with each role (one array, shared by plugins).
  const declared: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', declared);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || UNDECLARED_PREFIXES.some((p) => route.url.startsWith(p))) return;
    const authority = route.config?.authority;
    if (authority === undefined) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} must declare config.authority (a path, SIGNED_IN, STAFF or null)`,
      );
    }
    if (authority !== null) {
      route.schema = { ...route.schema, security: [{ bearerAuth: [] }] };
    }
    // An action chosen per request (a function) is not listed here.
    const action = route.config?.audit?.action;
    const audit = typeof action === 'string' ? action : undefined;
    const target = route.config?.audit?.target;
    const auditTarget = typeof target === 'function' ? '*' : target;
    for (const method of [route.method].flat())
      declared.push({ method, url: route.url, authority, audit, auditTarget, keys: route.config?.keys });
  });

  // An address is logged, kept in histories and shared: a key there is refused, not used.
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api/') && API_KEY_IN_TEXT.test(request.url)) throw fail('API_KEY_IN_URL');
  });

  app.addHook('preParsing', async (request, _reply, payload) => {
    const authority = request.routeOptions.config.authority;
    if (authority === undefined || authority === null) return payload;
    const token = bearerToken(request.headers.authorization);
    if (isStaffAuthority(authority)) {
      request.staff = await authenticateStaff(deps.db, deps.clock, token);
      return payload;
    }
    const auth =
      token && isApiKey(token)
        ? await deps.keys.authenticate(token, request.ip)
        : await authenticate(deps.db, deps.sessions, token);
    if (auth.apiKey && !keyMayCall(authority, request.routeOptions.config.keys)) {
      throw new AppError(403, 'API_KEY_NOT_ALLOWED');
    }
    if (!hasAuthority(auth.authority, authority)) throw forbidden();
    const authorityFor = request.routeOptions.config.authorityFor;
    if (authorityFor) {
      // What it reads is text first, as on every route (INVALID_CHARACTERS, not a kind of nothing).
      refuseUnstorableUrl(request);
      const needed = authorityFor(request);
      if (needed === null) throw notFound();
      if (!hasAuthority(auth.authority, needed)) throw forbidden();
    }
    request.auth = auth;
    return payload;
  });
}
