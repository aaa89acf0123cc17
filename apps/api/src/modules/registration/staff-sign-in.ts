import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { staff, staffSessions } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import { fail, tryAgainLater } from '../../platform/errors.js';
import type { PasswordHasher } from '../../platform/passwords.js';
import { hashToken } from '../../platform/sessions.js';
import { auditedStaffChange, recordStaffAudit, type StaffActor } from '../../platform/staff-audit-record.js';
import type { LoginThrottle } from '../../platform/throttle/login-throttle.js';

const STAFF_SESSION_MS = 8 * 60 * 60 * 1000;

/** Staff sign in to the operations console and out of it; every attempt is in the staff trail. */
export function createStaffSignIn(deps: {
  db: Db;
  clock: Clock;
  passwords: PasswordHasher;
  throttle: LoginThrottle;
}) {
  const { db, clock, passwords, throttle } = deps;
  return {
    /** Sign in; every attempt, right or wrong, is in the staff trail. */
    async login(email: string, password: string, ip: string) {
      const key = `staff:${email.toLowerCase()}`;
      const failed = (staffId: string | null, error: string) =>
        recordStaffAudit(db, clock, {
          staffId,
          staffEmail: email,
          ip,
          action: 'staff.loginFailed',
          outcome: 'failure',
          detail: { error },
        });
      const wait = await throttle.retryAfter(key, ip);
      if (wait > 0) {
        await failed(null, 'TRY_AGAIN_LATER');
        throw tryAgainLater(wait);
      }
      const [row] = await db
        .select()
        .from(staff)
        .where(eq(sql`lower(${staff.email})`, email.toLowerCase()));
      const ok = row
        ? await passwords.verify(row.passwordHash, password)
        : await passwords.verifyNobody(password);
      if (!row || !ok) {
        await throttle.failed(key, ip);
        await failed(row?.id ?? null, 'LOGIN_ERROR');
        throw fail('LOGIN_ERROR');
      }
      await throttle.succeeded(key);
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      await db.transaction(async (tx) => {
        await tx.insert(staffSessions).values({
          tokenHash: hashToken(token),
          staffId: row.id,
          createdAt: now,
          expiresAt: new Date(now.getTime() + STAFF_SESSION_MS),
        });
        await recordStaffAudit(tx, clock, {
          staffId: row.id,
          staffEmail: row.email,
          ip,
          action: 'staff.login',
          outcome: 'success',
        });
      });
      return { token };
    },

    async logout(tokenHash: string, actor: StaffActor) {
      await auditedStaffChange({ db, clock }, { ...actor, action: 'staff.logout' }, async (tx) => {
        await tx
          .update(staffSessions)
          .set({ revokedAt: clock.now() })
          .where(eq(staffSessions.tokenHash, tokenHash));
        return { result: undefined };
      });
    },
  };
}
