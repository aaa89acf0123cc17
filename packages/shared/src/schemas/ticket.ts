import { z } from 'zod';
import { TicketAuthor, TicketCategory, TicketStatus } from '../enums/ticket.js';
import { all, isBlank, optional } from '../validators/rule.js';
import { isEmail, isPhone, notEmpty, stringLength } from '../validators/basic.js';
import type { Rule } from '../validators/rule.js';
import { zEnumValue, zRule, zUuid, zUuidOrEmpty } from '../validators/zod.js';
import { pageQuerySchema } from './common.js';
import { resourceListQuery } from './resource.js';

/**
 * Support tickets (spec: "Ticket": ticketNo, contactName, contact mail, mobile and phone, vmId,
 * ccisId with at least one of the two, ticketCode, ticketRemark, response history; routes
 * /myTicket and /createTicket, log code 10007; issue 14). The staff side is under /api/ops/tickets.
 */

/** A description or a message: long enough for a log excerpt, short enough for a mail. */
export const TICKET_TEXT_MAX = 4000;
export const TICKET_CONTACT_NAME_MAX = 50;
/** Files on one message (the ticket itself, a reply or an answer). */
export const TICKET_ATTACHMENTS_MAX = 5;
/** Files one person may have uploaded and not sent yet (a form left open, then abandoned). */
export const TICKET_PENDING_ATTACHMENTS_MAX = 20;
/** One file: a screenshot or a PDF, as the registration's certificates. */
export const TICKET_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
/** The types a file may be, read from its content (PNG, JPEG, GIF, WebP, PDF). */
export const TICKET_ATTACHMENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
] as const;

/**
 * A required text checked by a rule: empty says validation.notEmpty. Unlike zRequired, an empty
 * field does not stop the checks across fields (zod skips refinements after an aborting issue),
 * so the form hears at once that the VM or contract is missing too.
 */
const required = (rule: Rule) =>
  zRule(all(notEmpty, rule), z.string({ error: 'validation.notEmpty' }).trim());

/** Digits only (spec section 5, "phone"), 6 to 20 of them; empty when not given. */
const phoneField = zRule(optional(all(isPhone, stringLength(20, 6))), z.string().trim().max(64)).default('');

const attachmentIds = z
  .array(zUuid())
  .max(TICKET_ATTACHMENTS_MAX, 'validation.ticketAttachmentsMax')
  .default([]);

/** A file of a ticket's message: its id (for download), name as uploaded, size and sniffed type. */
export const ticketAttachmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
});
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;

/**
 * One entry of the conversation after the description: a customer's reply or a staff answer, the
 * status the ticket had after it, and its files. `authorName` is the customer's account; a staff
 * member is not named to the customer (null), only in the operations console.
 */
export const ticketResponseSchema = z.object({
  id: z.string(),
  author: zEnumValue(TicketAuthor),
  authorName: z.string().nullable(),
  text: z.string(),
  status: zEnumValue(TicketStatus),
  createdAt: z.string(),
  attachments: z.array(ticketAttachmentSchema),
});
export type TicketResponse = z.infer<typeof ticketResponseSchema>;

/**
 * A ticket as its customer sees it. The list sends the ticket; its page (GET by id) and the
 * changes answer it with its files (`attachments`, those of the description) and its
 * conversation (`responses`, oldest first).
 */
export const ticketSchema = z.object({
  uuid: z.string(),
  ticketNo: z.string(),
  status: zEnumValue(TicketStatus),
  ticketCode: zEnumValue(TicketCategory),
  ticketRemark: z.string(),
  contactName: z.string(),
  contactMail: z.string(),
  contactMobile: z.string(),
  contactPhone: z.string(),
  /** The VM it is about; its name stays after the VM is deleted (the id is then null). */
  vmId: z.string().nullable(),
  vmName: z.string().nullable(),
  /** The data-store contract it is about: the order number of a purchase (DS20260301-4F2A9C). */
  ccisId: z.string().nullable(),
  /** Who opened it (the account). */
  account: z.string(),
  createDate: z.string(),
  updateDate: z.string(),
  closedAt: z.string().nullable(),
  attachments: z.array(ticketAttachmentSchema).optional(),
  responses: z.array(ticketResponseSchema).optional(),
});
export type Ticket = z.infer<typeof ticketSchema>;

/**
 * A new ticket. Mobile and phone are digits only (needBePhone) and may be left empty; the VM or
 * the data-store contract must be named (validation.ticketTarget, on both fields).
 */
export const ticketCreateSchema = z
  .object({
    contactName: required(stringLength(TICKET_CONTACT_NAME_MAX)),
    contactMail: required(isEmail),
    contactMobile: phoneField,
    contactPhone: phoneField,
    vmId: zUuidOrEmpty().nullable().optional(),
    ccisId: z.string().trim().max(64).nullable().optional(),
    ticketCode: zEnumValue(TicketCategory, { message: 'apiError.CATEGORYID_IS_ERROR' }),
    ticketRemark: required(stringLength(TICKET_TEXT_MAX)),
    /** Files uploaded before (POST /api/tickets/attachments), sent with the ticket. */
    attachmentIds,
  })
  // Run even when another field is wrong, so the form hears of every problem at once.
  .superRefine(
    (body, ctx) => {
      if (typeof body !== 'object' || body === null || !ticketTargetMissing(body)) return;
      for (const path of ['vmId', 'ccisId'])
        ctx.addIssue({ code: 'custom', path: [path], message: 'validation.ticketTarget' });
    },
    { when: () => true },
  );
export type TicketCreate = z.input<typeof ticketCreateSchema>;
export type TicketCreateBody = z.output<typeof ticketCreateSchema>;

/** Neither a VM nor a data-store contract is named (spec section 5: one of the two is required). */
export const ticketTargetMissing = (body: { vmId?: unknown; ccisId?: unknown }) => {
  const blank = (v: unknown) => isBlank(typeof v === 'string' ? v.trim() : v);
  return blank(body.vmId) && blank(body.ccisId);
};

/** A customer's reply. */
export const ticketReplySchema = z.object({
  text: required(stringLength(TICKET_TEXT_MAX)),
  attachmentIds,
});
export type TicketReply = z.input<typeof ticketReplySchema>;

export const TICKET_SORTS = ['createDate', 'updateDate', 'ticketNo', 'status'] as const;
export type TicketSort = (typeof TICKET_SORTS)[number];

/** The customer's list: newest first by default; search finds part of the number or description. */
export const ticketListQuerySchema = resourceListQuery(TICKET_SORTS).extend({
  status: zEnumValue(TicketStatus, { coerce: true }).optional(),
});
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;

/** What a pending upload answers: the id to send with the ticket or message. */
export const ticketUploadSchema = ticketAttachmentSchema;

// The operations console (staff) side.

/** A ticket in the staff's queue: the customer it belongs to and who works on it besides. */
export const opsTicketSchema = ticketSchema.extend({
  clientNumber: z.string(),
  companyName: z.string(),
  /** The staff member it is assigned to (picked up by), by address; null while nobody has it. */
  assignee: z.string().nullable(),
  /** The language of its mails: the customer's at creation or last reply. */
  lang: z.enum(['zh-TW', 'en']),
});
export type OpsTicket = z.infer<typeof opsTicketSchema>;

/**
 * The queue: every customer's tickets. Without a status, the open ones (not closed); oldest
 * change first by default, so the ticket waiting longest comes first. Search: part of the ticket
 * number, the client number or the company.
 */
export const opsTicketQuerySchema = pageQuerySchema.extend({
  sort: z.enum(['updateDate']).optional(),
  status: zEnumValue(TicketStatus, { coerce: true }).optional(),
  search: z.string().trim().max(64).optional(),
});
export type OpsTicketQuery = z.infer<typeof opsTicketQuerySchema>;

/** A staff answer: the text, the status it leaves the ticket in, and files. */
export const opsTicketAnswerSchema = z.object({
  text: required(stringLength(TICKET_TEXT_MAX)),
  status: z.enum([TicketStatus.PROCESS, TicketStatus.WAITING], { error: 'validation.needBeOneOf' }),
  attachmentIds,
});
export type OpsTicketAnswer = z.input<typeof opsTicketAnswerSchema>;
