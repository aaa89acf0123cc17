import { z } from 'zod';
import { orderedRange, pageQuerySchema } from './common.js';

/**
 * What the operations console records about its staff (table `staff_audit_events`): the
 * provider's own trail, apart from the customers' per-client audit logs. The web labels each
 * action with `ops:audit.actions.<action>`.
 */
export const STAFF_AUDIT_ACTIONS = [
  'staff.login',
  'staff.loginFailed',
  'staff.logout',
  'application.approve',
  'application.deny',
  'application.setPasswordLink',
  'application.documentDownload',
  'application.documentView',
  // Support tickets (issue 14): picked up, answered, closed, a customer's file opened. The
  // ticket is named in the detail (ticketId, ticketNo).
  'ticket.pickUp',
  'ticket.answer',
  'ticket.close',
  'ticket.attachmentDownload',
  'announcement.create',
  'announcement.update',
  'announcement.delete',
  // A customer's service suspended or resumed; the client is named in the detail (clientNumber).
  'client.suspend',
  'client.resume',
] as const;
export type StaffAuditAction = (typeof STAFF_AUDIT_ACTIONS)[number];

/** Columns the list sorts by on the server. */
export const STAFF_AUDIT_SORTS = ['at', 'action', 'staffEmail', 'outcome'] as const;

export const staffAuditRecordSchema = z.object({
  id: z.string(),
  at: z.string(),
  staffId: z.string().nullable(),
  staffEmail: z.string(),
  action: z.enum(STAFF_AUDIT_ACTIONS),
  applicationId: z.string().nullable(),
  outcome: z.enum(['success', 'failure']),
  ip: z.string(),
  detail: z.record(z.string(), z.unknown()),
});
export type StaffAuditRecord = z.infer<typeof staffAuditRecordSchema>;

export const staffAuditQuerySchema = orderedRange(
  pageQuerySchema.extend({
    sort: z.enum(STAFF_AUDIT_SORTS).optional(),
    action: z.enum(STAFF_AUDIT_ACTIONS).optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
  }),
);
export type StaffAuditQuery = z.infer<typeof staffAuditQuerySchema>;
