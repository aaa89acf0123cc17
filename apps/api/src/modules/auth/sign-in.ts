import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { users, type UserRow } from '../../db/schema/index.js';
import { tenantScope } from '../../db/tenant-scope.js';
import { recordAudit } from '../../platform/audit.js';
import type { Clock } from '../../platform/clock.js';
import type { SessionStore } from '../../platform/sessions.js';

export interface Caller {
  ip: string;
  userAgent?: string;
}

/** Open a session for a user who has passed every step, note the time and audit the sign-in. */
export async function openSession(
  deps: { db: Db; clock: Clock; sessions: SessionStore },
  user: UserRow,
  caller: Caller,
  detail: Record<string, unknown> = {},
): Promise<string> {
  const token = await deps.sessions.create({ userId: user.id, clientId: user.clientId, ...caller });
  await tenantScope(deps.db, user.clientId).update(
    users,
    { lastLoginAt: deps.clock.now() },
    eq(users.id, user.id),
  );
  await recordAudit(deps.db, deps.clock, {
    clientId: user.clientId,
    userId: user.id,
    account: user.account,
    action: 'auth.login',
    outcome: 'success',
    ip: caller.ip,
    detail,
  });
  return token;
}
