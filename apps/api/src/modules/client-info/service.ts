import { eq } from 'drizzle-orm';
import type { ClientInfo, ClientInfoUpdate } from '@portal/shared';
import { users, type ClientRow, type UserRow } from '../../db/schema/index.js';
import type { AuthContext } from '../../platform/auth-context.js';
import type { Clock } from '../../platform/clock.js';
import { isCommonPassword } from '../../platform/common-passwords.js';
import { fail, tryAgainLater } from '../../platform/errors.js';
import type { PasswordHasher } from '../../platform/passwords.js';
import type { SessionStore } from '../../platform/sessions.js';
import type { LoginThrottle } from '../../platform/throttle/login-throttle.js';

export interface ClientInfoDeps {
  clock: Clock;
  passwords: PasswordHasher;
  sessions: SessionStore;
  throttle: LoginThrottle;
}

function toClientInfo(user: UserRow, client: ClientRow): ClientInfo {
  return {
    id: user.id,
    account: user.account,
    identityNumber: client.identityNumber,
    companyName: client.companyName,
    clientNumber: client.clientNumber,
    email: user.email ?? '',
    twoFa: user.twoFa,
    isRoot: user.isRoot,
    contactName: client.contactName,
    contactTel: client.contactTel,
    contactMobile: client.contactMobile,
  };
}

export function createClientInfoService(deps: ClientInfoDeps) {
  const { clock, passwords, sessions, throttle } = deps;

  return {
    get: (auth: AuthContext) => toClientInfo(auth.user, auth.client),

    /**
     * The caller's own settings: password (with the original), two-factor, and the mail address
     * of an IAM user (a root user's address is its account and changes only through support).
     */
    async update(auth: AuthContext, body: ClientInfoUpdate, ip: string): Promise<ClientInfo> {
      const { user, client, tenant } = auth;
      const changes: Partial<UserRow> = {};

      if (body.pass0 !== undefined && body.pass1 !== undefined) {
        // A stolen session must not become a way to guess the password: wrong originals count
        // like wrong sign-ins.
        const key = `password-change:${user.id}`;
        const wait = await throttle.retryAfter(key, ip);
        if (wait > 0) throw tryAgainLater(wait);
        if (!(await passwords.verify(user.passwordHash, body.pass0))) {
          await throttle.failed(key, ip);
          throw fail('INCORRECT_PASSWORD');
        }
        await throttle.succeeded(key);
        if (isCommonPassword(body.pass1)) throw fail('PASSWORD_AGAINST_RULES');
        changes.passwordHash = await passwords.hash(body.pass1);
        changes.lastSetPasswordAt = clock.now();
      }
      if (body.email !== undefined && !user.isRoot) changes.email = body.email;
      if (body.twoFa !== undefined) {
        if (body.twoFa && !(changes.email ?? user.email)) throw fail('NOT_HAVE_EMAIL');
        changes.twoFa = body.twoFa;
      }
      if (Object.keys(changes).length === 0) return toClientInfo(user, client);

      const updated = await tenant.transaction(async (scope) => {
        const [row] = await scope.update(users, changes, eq(users.id, user.id));
        // A new password ends every other session: whoever else held one must now know it.
        if (changes.passwordHash) await sessions.revokeUser(scope, user.id, auth.tokenHash);
        return row;
      });
      return toClientInfo(updated ?? user, client);
    },
  };
}

export type ClientInfoService = ReturnType<typeof createClientInfoService>;
