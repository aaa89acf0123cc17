import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { StaffAuditAction } from '@portal/shared';
import { id, outcomeColumns, recordedAt } from './columns.js';

/**
 * The provider's trail of what its staff did in the operations console: sign-ins (and failed
 * ones), sign-outs and every decision on a registration. One table for the whole provider, not per
 * client (the customers' trail is `audit_log`). Staff and application are kept by id without
 * foreign keys, and the staff email as it was: the trail outlives both. `detail` holds no secrets.
 */
export const staffAuditEvents = pgTable(
  'staff_audit_events',
  {
    id: id(),
    at: recordedAt(),
    staffId: uuid('staff_id'),
    /** The staff member's address, or the address typed at a failed sign-in. */
    staffEmail: text('staff_email').notNull(),
    action: text('action').$type<StaffAuditAction>().notNull(),
    applicationId: uuid('application_id'),
    ...outcomeColumns(),
  },
  (t) => [
    index('staff_audit_at_idx').on(t.at.desc()),
    index('staff_audit_action_at_idx').on(t.action, t.at.desc()),
    index('staff_audit_application_idx').on(t.applicationId, t.at.desc()),
  ],
);
export type StaffAuditRow = typeof staffAuditEvents.$inferSelect;
