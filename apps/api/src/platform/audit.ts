import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditAction } from '@portal/shared';
import type { Db } from '../db/database.js';
import { auditLog } from '../db/schema/index.js';
import { tenantScope } from '../db/tenant-scope.js';
import type { Clock } from './clock.js';
import { refusalOf } from './errors.js';

/**
 * What a route records in the audit log, declared with the route beside its authority:
 * `config: { authority: 'iam/user/manage', audit: { action: 'iam.user.create', target: 'iamUser' } }`.
 * The handler writes nothing by hand.
 */
export interface RouteAudit {
  /** `<area>.<verb>`; a function when one route does several things (a password or a setting). */
  action: AuditAction | (string & {}) | ((request: FastifyRequest) => string);
  /**
   * The kind of thing changed (one of AUDIT_TARGET_TYPES; a function when the route serves several,
   * as the tag routes do); its id is `targetId`'s answer, else the `:id`, `:uuid` or `:resId`
   * parameter, else the `id` or `uuid` of the answer.
   */
  target?: string | ((request: FastifyRequest) => string);
  /** The id of what changed where the parameters and the answer do not name it (`data` is undefined on a failure). */
  targetId?: (request: FastifyRequest, data: unknown) => string | null | undefined;
  /** Extra facts for the record from the answer (a deleted user's account name). */
  detail?: (request: FastifyRequest, data: unknown) => Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: RouteAudit;
  }
}

export interface AuditEntry {
  clientId: string;
  userId: string | null;
  account: string;
  /** The API key the user acted through, by its name then (issue 27). */
  viaKey?: string | null;
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  outcome: 'success' | 'failure';
  ip: string;
  detail?: Record<string, unknown>;
  /** When it happened, for a record written later by a job; now by default. */
  at?: Date;
}

/**
 * Field names whose values are secrets: passwords, codes, tokens, challenges, keys' secrets, private
 * keys (a load balancer's `lbPrivateKey`).
 */
const SECRET = /pass|secret|token|code|challenge|captcha|credential|authorization|private.?key/i;
const MAX_DEPTH = 4;
const MAX_STRING = 500;

/** A copy of a request body fit for the log: no secrets, nothing huge. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) return '…';
  if (typeof value === 'string') return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      if (!SECRET.test(key)) out[key] = redact(v, depth + 1);
    }
    return out;
  }
  return value;
}

/** Write one record on the given database or transaction. */
export async function recordAudit(db: Db, clock: Clock, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    clientId: entry.clientId,
    at: entry.at ?? clock.now(),
    userId: entry.userId,
    account: entry.account,
    viaKey: entry.viaKey ?? null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    outcome: entry.outcome,
    ip: entry.ip,
    detail: (redact(entry.detail ?? {}) as Record<string, unknown>) ?? {},
  });
}

const paramId = (request: FastifyRequest) => {
  const params = request.params as Record<string, unknown> | undefined;
  const id = params?.id ?? params?.uuid ?? params?.resId;
  return typeof id === 'string' ? id : undefined;
};

const answerOf = (result: unknown): unknown =>
  typeof result === 'object' && result !== null && 'data' in result ? result.data : undefined;

/** The id of what a change made: `id`, or `uuid` for console resources. */
const answerId = (data: unknown) => {
  if (typeof data !== 'object' || data === null) return undefined;
  const id = 'id' in data ? data.id : 'uuid' in data ? data.uuid : undefined;
  return typeof id === 'string' ? id : undefined;
};

/**
 * Audited routes run their handler in one transaction with the record of what they did: the
 * caller's tenant scope is swapped for one on the transaction, so the change and its record are
 * committed together or not at all. A refused or failed change rolls back and is then recorded as
 * a failure (with its error code) outside the rolled-back transaction.
 */
export function registerAudit(app: FastifyInstance, deps: { db: Db; clock: Clock }): void {
  app.addHook('onRoute', (route) => {
    const audit = route.config?.audit;
    if (!audit) return;
    const authority = route.config?.authority;
    if (authority === undefined || authority === null) {
      throw new Error(`Audited route ${String(route.method)} ${route.url} must be for signed-in users`);
    }
    const handler = route.handler;
    route.handler = async function auditedHandler(this: FastifyInstance, request, reply) {
      const auth = request.auth;
      if (!auth) throw new Error('audited route reached without a session');
      const action = typeof audit.action === 'function' ? audit.action(request) : audit.action;
      const entry = {
        clientId: auth.client.id,
        userId: auth.user.id,
        account: auth.user.account,
        viaKey: auth.apiKey?.name ?? null,
        action,
        targetType: (typeof audit.target === 'function' ? audit.target(request) : audit.target) ?? null,
        ip: request.ip,
      };
      const targetId = (data: unknown) =>
        audit.targetId?.(request, data) ?? paramId(request) ?? answerId(data) ?? null;
      const body = redact(request.body ?? {}) as Record<string, unknown>;
      try {
        return await deps.db.transaction(async (tx) => {
          request.auth = { ...auth, tenant: tenantScope(tx, auth.client.id) };
          const result: unknown = await handler.call(this, request, reply);
          const data = answerOf(result);
          await recordAudit(tx, deps.clock, {
            ...entry,
            targetId: targetId(data),
            outcome: 'success',
            detail: { ...body, ...audit.detail?.(request, data) },
          });
          return result;
        });
      } catch (error) {
        // Only refusals the caller made (4xx) are the user's doing; our faults are in the server log.
        const refusal = refusalOf(error);
        if (refusal && refusal.status < 500) {
          await recordAudit(deps.db, deps.clock, {
            ...entry,
            targetId: targetId(undefined),
            outcome: 'failure',
            detail: { ...body, error: refusal.code },
          }).catch((e: unknown) => request.log.error({ err: e }, 'audit record failed'));
        }
        throw error;
      } finally {
        request.auth = auth;
      }
    };
  });
}
