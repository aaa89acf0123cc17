import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clientId, id, sortIndexes, tenantColumns } from './columns.js';
import { vms } from './compute.js';
import { staff } from './registrations.js';
import { users } from './users.js';

const tz = { withTimezone: true } as const;

/**
 * Support tickets (spec "Ticket"; issue 14): a customer's question about one of its VMs or its
 * data-store contract, and the conversation with the provider's staff that follows. The VM is kept
 * by id while it exists and by name always; the contract by its order number (ccis_terms.order_id).
 */
export const tickets = pgTable(
  'tickets',
  {
    ...tenantColumns(),
    /** T + the customer's day (yyyymmdd) + the day's sequence: T202603120001. */
    ticketNo: text('ticket_no').notNull(),
    status: text('status', { enum: ['NEW', 'PROCESS', 'WAITING', 'CLOSE'] }).notNull(),
    code: text('code').notNull(),
    remark: text('remark').notNull(),
    contactName: text('contact_name').notNull(),
    contactMail: text('contact_mail').notNull(),
    contactMobile: text('contact_mobile').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    vmId: uuid('vm_id').references(() => vms.id, { onDelete: 'set null' }),
    vmName: text('vm_name'),
    ccisOrderId: text('ccis_order_id'),
    /** The language of its mails: the customer's at creation, then at each reply. */
    lang: text('lang', { enum: ['zh-TW', 'en'] })
      .notNull()
      .default('zh-TW'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who opened it, as they signed in (kept after the user is deleted). */
    account: text('account').notNull(),
    /** The staff member who picked it up. */
    assigneeId: uuid('assignee_id').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull(),
    updatedAt: timestamp('updated_at', tz).notNull(),
    closedAt: timestamp('closed_at', tz),
  },
  (t) => [
    uniqueIndex('tickets_no_uq').on(t.ticketNo),
    // The customer's list sorts, each led by the tenant and ended by the id (list-query.ts).
    ...sortIndexes('tickets', t, {
      created: t.createdAt,
      updated: t.updatedAt,
      no: t.ticketNo,
      status: t.status,
    }),
    // The staff queue: the open tickets, or one status, longest unchanged first.
    index('tickets_open_updated_idx')
      .on(t.updatedAt, t.id)
      .where(sql`${t.status} <> 'CLOSE'`),
    index('tickets_status_updated_idx').on(t.status, t.updatedAt, t.id),
    check('tickets_target', sql`${t.vmName} is not null or ${t.ccisOrderId} is not null`),
  ],
);
export type TicketRow = typeof tickets.$inferSelect;

/** The conversation after the description: customers' replies and staff answers, in order. */
export const ticketResponses = pgTable(
  'ticket_responses',
  {
    id: id(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    clientId: clientId(),
    author: text('author', { enum: ['customer', 'staff'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The customer's account, or the staff member's address, as they were. */
    authorName: text('author_name').notNull(),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    /** The ticket's status after this entry. */
    status: text('status', { enum: ['NEW', 'PROCESS', 'WAITING', 'CLOSE'] }).notNull(),
    createdAt: timestamp('created_at', tz).notNull(),
  },
  (t) => [index('ticket_responses_ticket_idx').on(t.ticketId, t.createdAt, t.id)],
);
export type TicketResponseRow = typeof ticketResponses.$inferSelect;

/**
 * Files of a ticket's messages, kept in the private object store. A file is uploaded first
 * (ticket_id null: waiting to be sent, by its uploader) and then named by the ticket, reply or
 * answer it goes with; files never sent are removed after a day.
 */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    ...tenantColumns(),
    ticketId: uuid('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    /** The reply or answer it went with; null for the ticket's own files (and while waiting). */
    responseId: uuid('response_id').references(() => ticketResponses.id, { onDelete: 'cascade' }),
    /** The uploader: a customer's user, or a staff member (a file waiting to be sent is theirs alone). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    contentType: text('content_type').notNull(),
    createdAt: timestamp('created_at', tz).notNull(),
  },
  (t) => [
    index('ticket_attachments_ticket_idx').on(t.ticketId),
    index('ticket_attachments_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.ticketId} is null`),
    index('ticket_attachments_pending_user_idx')
      .on(t.userId)
      .where(sql`${t.ticketId} is null`),
    index('ticket_attachments_pending_staff_idx')
      .on(t.staffId)
      .where(sql`${t.ticketId} is null`),
  ],
);
export type TicketAttachmentRow = typeof ticketAttachments.$inferSelect;

/** The last sequence number of ticket numbers per day ('20260312'), taken under a row lock. */
export const ticketNumbers = pgTable('ticket_numbers', {
  day: text('day').primaryKey(),
  last: integer('last').notNull(),
});
