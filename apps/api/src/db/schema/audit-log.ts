import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { tenantColumns, outcomeColumns, recordedAt } from './columns.js';

/**
 * Who did what, when and from where, per client. The user is kept by id and by account name as it
 * was, without a foreign key: the trail outlives a deleted user. `detail` never holds secrets
 * (platform/audit.ts strips them before writing).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    ...tenantColumns(),
    at: recordedAt(),
    userId: uuid('user_id'),
    account: text('account').notNull(),
    /** The API key the user acted through (its name then), or null for the console. */
    viaKey: text('via_key'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    ...outcomeColumns(),
  },
  (t) => [
    // The list and export: newest first within a client, optionally narrowed to a user, an action
    // or a resource.
    index('audit_client_at_idx').on(t.clientId, t.at.desc()),
    index('audit_client_user_at_idx').on(t.clientId, t.userId, t.at.desc()),
    index('audit_client_action_at_idx').on(t.clientId, t.action, t.at.desc()),
    // A resource's trail (the filter by type and id, the VM page's "Activity" link).
    index('audit_client_target_at_idx').on(t.clientId, t.targetType, t.targetId, t.at.desc()),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
