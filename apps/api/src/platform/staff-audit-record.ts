import type { StaffAuditAction } from '@portal/shared';
import type { Db } from '../db/database.js';
import { staffAuditEvents } from '../db/schema/index.js';
import { redact } from './audit.js';
import type { Clock } from './clock.js';
import { refusalOf } from './errors.js';
import { isUuid } from './ids.js';

/** Who acted: the staff member (or, at a failed sign-in, the address typed) and where from. */
export interface StaffActor {
  staffId: string | null;
  staffEmail: string;
  ip: string;
}

export interface StaffAuditEntry extends StaffActor {
  action: StaffAuditAction;
  /** The application acted on, as given; kept only when it is a well-formed id. */
  applicationId?: string | null;
  outcome: 'success' | 'failure';
  detail?: Record<string, unknown>;
}

/** Write one record of the staff trail on the given database or transaction. */
export async function recordStaffAudit(db: Db, clock: Clock, entry: StaffAuditEntry): Promise<void> {
  const applicationId = entry.applicationId && isUuid(entry.applicationId) ? entry.applicationId : null;
  await db.insert(staffAuditEvents).values({
    at: clock.now(),
    staffId: entry.staffId,
    staffEmail: entry.staffEmail.slice(0, 320),
    action: entry.action,
    applicationId,
    outcome: entry.outcome,
    ip: entry.ip,
    detail: redact(entry.detail ?? {}) as Record<string, unknown>,
  });
}

/**
 * Run a staff change and its record in one transaction: both are committed or neither. A refusal
 * (a 4xx) rolls the change back and is then recorded as a failure with its error code; our own
 * faults (5xx) go to the server log only, as in the customers' audit log.
 */
export async function auditedStaffChange<T>(
  deps: { db: Db; clock: Clock },
  entry: Omit<StaffAuditEntry, 'outcome'>,
  work: (tx: Db) => Promise<{ result: T; detail?: Record<string, unknown> }>,
): Promise<T> {
  try {
    return await deps.db.transaction(async (tx) => {
      const { result, detail } = await work(tx);
      await recordStaffAudit(tx, deps.clock, {
        ...entry,
        outcome: 'success',
        detail: { ...entry.detail, ...detail },
      });
      return result;
    });
  } catch (error) {
    await recordRefusal(deps, entry, error);
    throw error;
  }
}

/** A refusal (a 4xx) is kept in the trail as a failure, with its code; a crash is not. */
async function recordRefusal(
  deps: { db: Db; clock: Clock },
  entry: Omit<StaffAuditEntry, 'outcome'>,
  error: unknown,
): Promise<void> {
  const refusal = refusalOf(error);
  if (refusal && refusal.status < 500) {
    await recordStaffAudit(deps.db, deps.clock, {
      ...entry,
      outcome: 'failure',
      detail: { ...entry.detail, error: refusal.code },
    });
  }
}

/**
 * A staff read the trail keeps (opening an applicant's document): recorded once it is done, or as
 * a failure when refused. No transaction is held while the document is fetched.
 */
export async function auditedStaffRead<T>(
  deps: { db: Db; clock: Clock },
  entry: Omit<StaffAuditEntry, 'outcome'>,
  read: () => Promise<T>,
): Promise<T> {
  let result: T;
  try {
    result = await read();
  } catch (error) {
    await recordRefusal(deps, entry, error);
    throw error;
  }
  await recordStaffAudit(deps.db, deps.clock, { ...entry, outcome: 'success' });
  return result;
}
