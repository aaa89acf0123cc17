import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  canGrantRole,
  canGrantRoles,
  ROLE_GRANTS,
  ROLE_IDS,
  type IamDelete,
  type IamListQuery,
  type IamPassword,
  type IamSort,
  type IamUser,
  type IamUserCreate,
  type IamUserUpdate,
  type Role,
} from '@portal/shared';
import { users, type UserRow } from '../../db/schema/index.js';
import type { AuthContext } from '../../platform/auth-context.js';
import type { Clock } from '../../platform/clock.js';
import { isCommonPassword } from '../../platform/common-passwords.js';
import { fail, isUniqueViolation, notFound } from '../../platform/errors.js';
import { createPasswordConfirm } from '../../platform/password-confirm.js';
import type { PasswordHasher } from '../../platform/passwords.js';
import type { SessionStore } from '../../platform/sessions.js';
import type { LoginThrottle } from '../../platform/throttle/login-throttle.js';
import { isUuid } from '../../platform/ids.js';

export interface IamServiceDeps {
  clock: Clock;
  passwords: PasswordHasher;
  sessions: SessionStore;
  throttle: LoginThrottle;
}

// Each sort is served by an index on (client_id, column): see db/schema/users.ts.
const SORT_COLUMNS: Record<IamSort, SQL | typeof users.createdAt> = {
  account: sql`lower(${users.account})`,
  lastLoginDate: sql`${users.lastLoginAt}`,
  lastSetPasswordDate: sql`${users.lastSetPasswordAt}`,
  createdAt: users.createdAt,
};

export function toIamUser(row: UserRow): IamUser {
  return {
    id: row.id,
    account: row.account,
    roles: row.roles,
    email: row.email ?? '',
    lastSetPasswordDate: row.lastSetPasswordAt?.toISOString() ?? null,
    lastLoginDate: row.lastLoginAt?.toISOString() ?? null,
    enableTwoFactor: row.twoFa,
    isLock: row.isLocked,
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * IAM users of the caller's client. Root users are not IAM users: they never appear here, so they
 * cannot be changed, locked or deleted through these calls (spec section 6).
 */
export function createIamService(deps: IamServiceDeps) {
  const { clock, passwords, sessions, throttle } = deps;

  /** An IAM user of the caller's client, or 404 (another tenant's user, root, or no such id). */
  async function find(auth: AuthContext, id: string): Promise<UserRow> {
    if (!isUuid(id)) throw notFound('ACCOUNT_HAS_BEEN_DELETED');
    const [row] = await auth.tenant.select(users, and(eq(users.id, id), eq(users.isRoot, false)));
    if (!row) throw notFound('ACCOUNT_HAS_BEEN_DELETED');
    return row;
  }

  /**
   * A user the caller may change: never itself (its own settings are on My Info), and never one
   * holding a role the caller could not hand out, so a user manager cannot take over a stronger
   * account by resetting its password.
   */
  async function manageable(auth: AuthContext, id: string): Promise<UserRow> {
    const row = await find(auth, id);
    if (row.id === auth.user.id || !canGrantRoles(auth.authority, row.roles)) {
      throw fail('USER_DOES_NOT_HAVE_PERMISSION');
    }
    return row;
  }

  const confirmPassword = createPasswordConfirm({ passwords, throttle });

  async function newPasswordHash(password: string) {
    if (isCommonPassword(password)) throw fail('PASSWORD_AGAINST_RULES');
    return passwords.hash(password);
  }

  const assertGrantable = (auth: AuthContext, roles: readonly string[]) => {
    if (!canGrantRoles(auth.authority, roles)) throw fail('USER_DOES_NOT_HAVE_PERMISSION');
  };

  async function update(auth: AuthContext, row: UserRow, changes: Partial<UserRow>) {
    const [updated] = await auth.tenant.update(users, changes, eq(users.id, row.id));
    if (!updated) throw notFound('ACCOUNT_HAS_BEEN_DELETED');
    return toIamUser(updated);
  }

  return {
    roles(auth: AuthContext): Role[] {
      return ROLE_IDS.map((id) => ({
        id,
        grants: ROLE_GRANTS[id].map(([leaf, level]) => ({ leaf, level })),
        grantable: canGrantRole(auth.authority, id),
      }));
    },

    async list(auth: AuthContext, query: IamListQuery) {
      const search = query.search?.trim();
      const where = and(
        eq(users.isRoot, false),
        search
          ? or(ilike(users.account, `%${escapeLike(search)}%`), ilike(users.email, `%${escapeLike(search)}%`))
          : undefined,
      );
      const column = SORT_COLUMNS[query.sort ?? 'createdAt'];
      const direction = (query.orderby ?? (query.sort ? 'asc' : 'desc')) === 'asc' ? asc : desc;
      const { rows, total } = await auth.tenant.selectPage(users, {
        where,
        orderBy: [direction(column), direction(users.id)],
        page: query.page,
        limit: query.limit,
      });
      return { records: rows.map(toIamUser), total, page: query.page, limit: query.limit };
    },

    get: async (auth: AuthContext, id: string) => toIamUser(await find(auth, id)),

    async create(auth: AuthContext, body: IamUserCreate): Promise<IamUser> {
      assertGrantable(auth, body.roles);
      if (body.enableTwoFactor && !body.email) throw fail('NOT_HAVE_EMAIL');
      const taken = await auth.tenant.select(
        users,
        eq(sql`lower(${users.account})`, body.account.toLowerCase()),
      );
      if (taken.length > 0) throw fail('ACCOUNT_EXISTS');
      const passwordHash = await newPasswordHash(body.password);
      try {
        const [row] = await auth.tenant.insert(users, {
          isRoot: false,
          account: body.account,
          email: body.email || null,
          passwordHash,
          roles: [...new Set(body.roles)],
          twoFa: body.enableTwoFactor,
          lastSetPasswordAt: clock.now(),
          createdAt: clock.now(),
        });
        return toIamUser(row!);
      } catch (error) {
        if (isUniqueViolation(error)) throw fail('ACCOUNT_EXISTS');
        throw error;
      }
    },

    async update(auth: AuthContext, id: string, body: IamUserUpdate): Promise<IamUser> {
      const row = await manageable(auth, id);
      const changes: Partial<UserRow> = {};
      if (body.roles !== undefined) {
        assertGrantable(auth, body.roles);
        changes.roles = [...new Set(body.roles)];
      }
      if (body.email !== undefined) changes.email = body.email || null;
      if (body.enableTwoFactor !== undefined) changes.twoFa = body.enableTwoFactor;
      const email = changes.email === undefined ? row.email : changes.email;
      if ((changes.twoFa ?? row.twoFa) && !email) throw fail('NOT_HAVE_EMAIL');
      if (Object.keys(changes).length === 0) return toIamUser(row);
      // New roles apply on the user's next request: authority is read fresh with every session.
      return update(auth, row, changes);
    },

    async lock(auth: AuthContext, id: string): Promise<IamUser> {
      const row = await manageable(auth, id);
      const user = await update(auth, row, { isLocked: true });
      // Ended now rather than on the next request, so no open console outlives the lock.
      await sessions.revokeUser(auth.tenant, row.id);
      return user;
    },

    async unlock(auth: AuthContext, id: string): Promise<IamUser> {
      return update(auth, await manageable(auth, id), { isLocked: false });
    },

    async setPassword(auth: AuthContext, id: string, body: IamPassword, ip: string): Promise<IamUser> {
      const row = await manageable(auth, id);
      await confirmPassword(auth, body.currentPassword, ip);
      const user = await update(auth, row, {
        passwordHash: await newPasswordHash(body.password),
        lastSetPasswordAt: clock.now(),
      });
      await sessions.revokeUser(auth.tenant, row.id);
      return user;
    },

    async remove(auth: AuthContext, id: string, body: IamDelete, ip: string) {
      const row = await manageable(auth, id);
      await confirmPassword(auth, body.currentPassword, ip);
      // Sessions and challenges go with the user (foreign keys cascade); the audit trail stays.
      await auth.tenant.delete(users, eq(users.id, row.id));
      return { id: row.id, account: row.account };
    },
  };
}

export type IamService = ReturnType<typeof createIamService>;
