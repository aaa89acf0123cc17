import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { staff, staffSessions } from '../db/schema/index.js';
import type { Clock } from './clock.js';
import { unauthorized } from './errors.js';
import { hashToken } from './sessions.js';

/** A member of the provider's staff calling the operations console. */
export interface StaffContext {
  id: string;
  email: string;
  /** The session's key, to end it or to tie a document view link to it. */
  tokenHash: string;
}

/** The staff member of a bearer token, or 401. Customer tokens are not staff tokens. */
export async function authenticateStaff(
  db: Db,
  clock: Clock,
  token: string | undefined,
): Promise<StaffContext> {
  if (!token) throw unauthorized();
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ id: staff.id, email: staff.email })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, clock.now()),
      ),
    );
  if (!row) throw unauthorized();
  return { ...row, tokenHash };
}
