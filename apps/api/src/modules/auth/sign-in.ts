import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { users, type UserRow } from '../../db/schema/index.js';
import { tenantScope } from '../../db/tenant-scope.js';
import type { Clock } from '../../platform/clock.js';
import type { SessionStore } from '../../platform/sessions.js';

export interface Caller {
  ip: string;
  userAgent?: string;
}

/** Open a session for a user who has passed every step, and note the time of the sign-in. */
export async function openSession(
  deps: { db: Db; clock: Clock; sessions: SessionStore },
  user: UserRow,
  caller: Caller,
): Promise<string> {
  const token = await deps.sessions.create({ userId: user.id, clientId: user.clientId, ...caller });
  await tenantScope(deps.db, user.clientId).update(
    users,
    { lastLoginAt: deps.clock.now() },
    eq(users.id, user.id),
  );
  return token;
}
