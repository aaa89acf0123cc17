import { and, eq, sql } from 'drizzle-orm';
import { hasAuthority, menuFor, type Language, type LoginBody, type LoginResult } from '@portal/shared';
import type { Db } from '../../db/database.js';
import { clients, users, type UserRow } from '../../db/schema/index.js';
import type { AuthContext } from '../../platform/auth-context.js';
import type { Clock } from '../../platform/clock.js';
import { recordAudit } from '../../platform/audit.js';
import { fail, tryAgainLater } from '../../platform/errors.js';
import type { PasswordHasher } from '../../platform/passwords.js';
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
}

/** The name the throttle counts failures under: the account as typed, whether or not it exists. */
const throttleKey = (body: LoginBody) =>
  'account' in body ? `root:${body.account}` : `iam:${body.root}:${body.iamAccount}`;

/**
 * The user a sign-in names: a root user by email, an IAM user by client number and alias.
 * Signing in is how a caller reaches a tenant, so this is the one user lookup without a scope.
 */
async function findUser(db: Db, body: LoginBody): Promise<UserRow | undefined> {
  const where =
    'account' in body
      ? and(eq(users.isRoot, true), eq(sql`lower(${users.account})`, body.account.toLowerCase()))
      : and(
          eq(clients.clientNumber, body.root),
          eq(users.isRoot, false),
          eq(sql`lower(${users.account})`, body.iamAccount.toLowerCase()),
        );
  const [row] = await db
    .select({ user: users })
    .from(users)
    .innerJoin(clients, eq(clients.id, users.clientId))
    .where(where);
  return row?.user;
}

/**
 * The client a failed sign-in concerns, for its audit log: the user's when the account exists, the
 * typed client number's for an unknown IAM alias, none for an unknown root email.
 */
async function clientOfAttempt(db: Db, body: LoginBody, user: UserRow | undefined) {
  if (user) return user.clientId;
  if ('account' in body) return undefined;
  const [client] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.clientNumber, body.root));
  return client?.id;
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db, clock, passwords, sessions, throttle, twoFa } = deps;

  async function recordFailure(body: LoginBody, user: UserRow | undefined, caller: Caller, reason: string) {
    const clientId = await clientOfAttempt(db, body, user);
    if (!clientId) return;
    await recordAudit(db, clock, {
      clientId,
      userId: user?.id ?? null,
      account: user?.account ?? ('account' in body ? body.account : body.iamAccount),
      action: 'auth.loginFailed',
      outcome: 'failure',
      ip: caller.ip,
      detail: { reason },
    });
  }

  return {
    async login(body: LoginBody, caller: Caller, lang: Language): Promise<LoginResult> {
      const key = throttleKey(body);
      const wait = await throttle.retryAfter(key, caller.ip);
      if (wait > 0) throw tryAgainLater(wait);

      const user = await findUser(db, body);
      const passwordOk = user
        ? await passwords.verify(user.passwordHash, body.password)
        : await passwords.verifyNobody(body.password);
      if (!user || !passwordOk) {
        await throttle.failed(key, caller.ip);
        await recordFailure(body, user, caller, 'LOGIN_ERROR');
        throw fail('LOGIN_ERROR');
      }
      await throttle.succeeded(key);
      // Only now, after the right password, may the caller learn the account is locked.
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
