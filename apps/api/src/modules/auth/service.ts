import { and, eq, sql } from 'drizzle-orm';
import { hasAuthority, menuFor, type Language, type LoginBody, type LoginResult } from '@portal/shared';
import type { Db } from '../../db/database.js';
import { clients, users, type UserRow } from '../../db/schema/index.js';
import type { AuthContext } from '../../platform/auth-context.js';
import type { Clock } from '../../platform/clock.js';
import { recordAudit } from '../../platform/audit.js';
import { fail, tryAgainLater } from '../../platform/errors.js';
import { hasPassword, type PasswordHasher } from '../../platform/passwords.js';
import type { Jobs } from '../../platform/jobs/index.js';
import type { SessionStore } from '../../platform/sessions.js';
import type { LoginThrottle } from '../../platform/throttle/login-throttle.js';
import { openSession, type Caller } from './sign-in.js';
import type { TwoFa } from './two-fa.js';

export interface AuthServiceDeps {
  db: Db;
  clock: Clock;
  passwords: PasswordHasher;
  sessions: SessionStore;
  throttle: LoginThrottle;
  twoFa: TwoFa;
  jobs: Jobs;
}

/** Jobs that write a failed sign-in to the audit log of the client it concerns. */
export const LOGIN_FAILURE_QUEUE = 'auth.loginFailed';

/** A failed sign-in as the request saw it, for its job. */
interface LoginFailure {
  /** The sign-in body without the password. */
  login: { account: string } | { root: string; iamAccount: string };
  userId: string | null;
  ip: string;
  reason: string;
  at: string;
}

/** The name the throttle counts failures under: the account as typed, whether or not it exists. */
const throttleKey = (body: LoginBody) =>
  'account' in body ? `root:${body.account}` : `iam:${body.root}:${body.iamAccount}`;

/**
 * The user a sign-in names: a root user by email, an IAM user by client number and alias.
 * Signing in is how a caller reaches a tenant, so this is the one user lookup without a scope.
 */
async function findUser(
  db: Db,
  body: LoginBody,
): Promise<(UserRow & { clientSuspended: boolean }) | undefined> {
  const where =
    'account' in body
      ? and(eq(users.isRoot, true), eq(sql`lower(${users.account})`, body.account.toLowerCase()))
      : and(
          eq(clients.clientNumber, body.root),
          eq(users.isRoot, false),
          eq(sql`lower(${users.account})`, body.iamAccount.toLowerCase()),
        );
  const [row] = await db
    .select({ user: users, suspendedAt: clients.suspendedAt })
    .from(users)
    .innerJoin(clients, eq(clients.id, users.clientId))
    .where(where);
  return row && { ...row.user, clientSuspended: row.suspendedAt !== null };
}

/**
 * The client a failed sign-in concerns, for its audit log: the user's when the account exists, the
 * typed client number's for an unknown IAM alias, none for an unknown root email.
 */
async function clientOfAttempt(db: Db, failure: LoginFailure): Promise<string | undefined> {
  const [row] = failure.userId
    ? await db.select({ id: users.clientId }).from(users).where(eq(users.id, failure.userId))
    : 'root' in failure.login
      ? await db.select({ id: clients.id }).from(clients).where(eq(clients.clientNumber, failure.login.root))
      : [];
  return row?.id;
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db, clock, passwords, sessions, throttle, twoFa, jobs } = deps;

  /**
   * A failed sign-in is queued for its audit record: the request does the same work whether or not
   * the account, or the client number, exists, so its answer takes as long either way.
   */
  async function recordFailure(body: LoginBody, user: UserRow | undefined, caller: Caller, reason: string) {
    const failure: LoginFailure = {
      login: 'account' in body ? { account: body.account } : { root: body.root, iamAccount: body.iamAccount },
      userId: user?.id ?? null,
      ip: caller.ip,
      reason,
      at: clock.now().toISOString(),
    };
    await jobs.send(LOGIN_FAILURE_QUEUE, failure);
  }

  async function auditFailure(failure: LoginFailure) {
    const clientId = await clientOfAttempt(db, failure);
    if (!clientId) return;
    const [user] = failure.userId
      ? await db.select({ account: users.account }).from(users).where(eq(users.id, failure.userId))
      : [];
    await recordAudit(db, clock, {
      clientId,
      userId: failure.userId,
      account:
        user?.account ?? ('account' in failure.login ? failure.login.account : failure.login.iamAccount),
      action: 'auth.loginFailed',
      outcome: 'failure',
      ip: failure.ip,
      detail: { reason: failure.reason },
      at: new Date(failure.at),
    });
  }

  return {
    /** The audit job of failed sign-ins on this instance. */
    async attach() {
      await jobs.work<LoginFailure>(LOGIN_FAILURE_QUEUE, auditFailure);
    },

    async login(body: LoginBody, caller: Caller, lang: Language): Promise<LoginResult> {
      const key = throttleKey(body);
      const wait = await throttle.retryAfter(key, caller.ip);
      if (wait > 0) throw tryAgainLater(wait);

      const user = await findUser(db, body);
      // Approved, but its password is still to be set from the approval mail: no password can
      // match, so the caller is told what to do rather than that the password is wrong.
      if (user && !hasPassword(user)) {
        await passwords.verifyNobody(body.password);
        await throttle.failed(key, caller.ip);
        await recordFailure(body, user, caller, 'ACCOUNT_NOT_ACTIVATED');
        throw fail('ACCOUNT_NOT_ACTIVATED');
      }
      const passwordOk = user
        ? await passwords.verify(user.passwordHash, body.password)
        : await passwords.verifyNobody(body.password);
      if (!user || !passwordOk) {
        await throttle.failed(key, caller.ip);
        await recordFailure(body, user, caller, 'LOGIN_ERROR');
        throw fail('LOGIN_ERROR');
      }
      await throttle.succeeded(key);
      // Only now, after the right password, may the caller learn the customer's service is
      // suspended by the provider, or the account locked.
      if (user.clientSuspended) {
        await recordFailure(body, user, caller, 'ACCOUNT_DISABLE');
        throw fail('ACCOUNT_DISABLE');
      }
      if (user.isLocked) {
        await recordFailure(body, user, caller, 'ACCOUNT_IS_LOCK');
        throw fail('ACCOUNT_IS_LOCK');
      }
      if (user.twoFa) return twoFa.start(user, lang, caller);
      return { token: await openSession(deps, user, caller) };
    },

    async logout(auth: AuthContext): Promise<void> {
      await sessions.revoke(auth.tenant, auth.tokenHash);
    },

    /** The console menu and the authority tree, both from the caller's authority (spec section 6). */
    page(auth: AuthContext) {
      const menu = menuFor((path) => path === undefined || hasAuthority(auth.authority, path));
      return { menu, authority: auth.authority };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
