import { and, asc, count, desc, eq, ne, type SQL } from 'drizzle-orm';
import {
  TicketStatus,
  type Language,
  type OpsTicket,
  type OpsTicketAnswer,
  type OpsTicketQuery,
  type TicketChange,
} from '@portal/shared';
import type { Db } from '../../db/database.js';
import { clients, staff, ticketResponses, tickets, vms, type TicketRow } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import { fail, notFound } from '../../platform/errors.js';
import type { UploadedFile } from '../../platform/file-upload.js';
import { isUuid } from '../../platform/ids.js';
import type { MailQueue } from '../../platform/mail/mail-queue.js';
import type { MailContent } from '../../platform/mail/templates.js';
import { pageOf, searchOf, sentAs } from '../../platform/resources/list-query.js';
import { auditedStaffChange, auditedStaffRead, type StaffActor } from '../../platform/staff-audit-record.js';
import { uploaderIs, type TicketFiles } from './ticket-files.js';
import { ticketAnsweredMail, ticketClosedMail, ticketPickedUpMail } from './ticket-mails.js';
import { nextStatus } from './ticket-resource.js';
import { attachFiles, conversationOf, readAll, ticketFields } from './ticket-rows.js';

export interface OpsTicketDeps {
  db: Db;
  clock: Clock;
  mail: MailQueue;
  files: TicketFiles;
  /** Where the web app is reached, for the ticket's link in mail. */
  publicUrl: string;
}

const opsColumns = sentAs({
  ...ticketFields,
  clientNumber: clients.clientNumber,
  companyName: clients.companyName,
  assignee: staff.email,
  lang: tickets.lang,
});

type StaffChange = Exclude<TicketChange, { kind: 'reply' }>;

/**
 * The staff side of support tickets (the operations console, /api/ops/tickets): every customer's
 * tickets in one queue, picked up, answered and closed. Each change is in the staff trail and
 * mails the ticket's contact in the ticket's language, in the change's transaction.
 */
export function createOpsTicketService(deps: OpsTicketDeps) {
  const { db, clock, mail, files, publicUrl } = deps;

  const select = (on: Db) =>
    on
      .select(opsColumns)
      .from(tickets)
      .innerJoin(clients, eq(clients.id, tickets.clientId))
      .leftJoin(staff, eq(staff.id, tickets.assigneeId))
      .leftJoin(vms, eq(vms.id, tickets.vmId));

  async function summary(on: Db, id: string): Promise<OpsTicket> {
    if (!isUuid(id)) throw notFound();
    const [row] = await readAll<OpsTicket>(on, select(on).where(eq(tickets.id, id.toLowerCase())));
    if (!row) throw notFound();
    return row;
  }

  async function detail(on: Db, id: string): Promise<OpsTicket> {
    const ticket = await summary(on, id);
    return { ...ticket, ...(await conversationOf(on, ticket.uuid, 'staff')) };
  }

  async function locked(tx: Db, id: string): Promise<TicketRow> {
    if (!isUuid(id)) throw notFound();
    const [row] = await tx.select().from(tickets).where(eq(tickets.id, id.toLowerCase())).for('update');
    if (!row) throw notFound();
    return row;
  }

  /**
   * A staff change: the ticket locked, its next status by the shared rule, an entry of the
   * conversation (empty text for a pick-up or a close), the files, the ticket updated, the mail
   * queued, and the staff trail, all in one transaction (a refusal is recorded as a failure).
   */
  async function change(
    id: string,
    actor: StaffActor,
    action: 'ticket.pickUp' | 'ticket.answer' | 'ticket.close',
    work: StaffChange,
    text: string,
    attachmentIds: readonly string[],
    mailOf: (lang: Language, facts: { ticketNo: string; status: TicketStatus; link: string }) => MailContent,
  ): Promise<OpsTicket> {
    const now = clock.now();
    return auditedStaffChange({ db, clock }, { ...actor, action, detail: { ticketId: id } }, async (tx) => {
      const ticket = await locked(tx, id);
      const status = nextStatus(ticket.status, work);
      const [entry] = await tx
        .insert(ticketResponses)
        .values({
          ticketId: ticket.id,
          clientId: ticket.clientId,
          author: 'staff',
          staffId: actor.staffId,
          authorName: actor.staffEmail,
          text,
          status,
          createdAt: now,
        })
        .returning({ id: ticketResponses.id });
      await attachFiles(
        tx,
        attachmentIds,
        { clientId: ticket.clientId, ticketId: ticket.id, responseId: entry!.id },
        uploaderIs({ staffId: actor.staffId! }),
      );
      await tx
        .update(tickets)
        .set({
          status,
          updatedAt: now,
          // Picked up: it is theirs. An answer to a ticket nobody has makes it the answerer's.
          ...(work.kind === 'pickUp' || (work.kind === 'answer' && !ticket.assigneeId)
            ? { assigneeId: actor.staffId }
            : {}),
          ...(status === TicketStatus.CLOSE ? { closedAt: now } : {}),
        })
        .where(eq(tickets.id, ticket.id));
      const lang = ticket.lang as Language;
      const facts = { ticketNo: ticket.ticketNo, status, link: `${publicUrl}/#/myTicket/${ticket.id}` };
      await mail.send({ to: ticket.contactMail, lang, ...mailOf(lang, facts) }, { tx });
      return {
        result: await detail(tx, ticket.id),
        detail: {
          ticketNo: ticket.ticketNo,
          clientId: ticket.clientId,
          from: ticket.status,
          status,
          ...(attachmentIds.length > 0 ? { attachmentIds } : {}),
        },
      };
    });
  }

  return {
    /** The queue: open tickets (or one status), longest unchanged first unless asked otherwise. */
    async list(query: OpsTicketQuery) {
      const where = and(
        query.status === undefined
          ? ne(tickets.status, TicketStatus.CLOSE)
          : eq(tickets.status, query.status),
        searchOf(query.search, [tickets.ticketNo, clients.clientNumber, clients.companyName]),
      ) as SQL;
      const by = query.orderby === 'desc' ? desc : asc;
      const page = pageOf(query);
      const ordered = select(db).where(where).orderBy(by(tickets.updatedAt), by(tickets.id));
      const [records, [counted]] = await Promise.all([
        readAll<OpsTicket>(
          db,
          page.limit === undefined ? ordered : ordered.limit(page.limit).offset(page.offset),
        ),
        db
          .select({ n: count() })
          .from(tickets)
          .innerJoin(clients, eq(clients.id, tickets.clientId))
          .where(where),
      ]);
      return { records, total: counted?.n ?? 0, page: query.page, limit: query.limit };
    },

    get: (id: string) => detail(db, id),

    pickUp: (id: string, actor: StaffActor) =>
      change(id, actor, 'ticket.pickUp', { kind: 'pickUp' }, '', [], ticketPickedUpMail),

    answer: (id: string, actor: StaffActor, body: Required<OpsTicketAnswer>) =>
      change(
        id,
        actor,
        'ticket.answer',
        { kind: 'answer', status: body.status },
        body.text,
        body.attachmentIds,
        (lang, facts) => ticketAnsweredMail(lang, facts, body.text),
      ),

    close: (id: string, actor: StaffActor) =>
      change(id, actor, 'ticket.close', { kind: 'close' }, '', [], ticketClosedMail),

    /** A file for a staff answer to come, kept waiting for it (the ticket's customer's store). */
    async upload(id: string, actor: StaffActor, file: UploadedFile) {
      if (!isUuid(id)) throw notFound();
      const [ticket] = await db
        .select({ clientId: tickets.clientId, status: tickets.status })
        .from(tickets)
        .where(eq(tickets.id, id.toLowerCase()));
      if (!ticket) throw notFound();
      // No file for an answer that cannot be given.
      if (ticket.status === TicketStatus.CLOSE) throw fail('TICKET_CLOSED');
      return files.upload(ticket.clientId, { staffId: actor.staffId! }, file);
    },

    /** A file of the ticket's conversation; the staff trail records who opened which. */
    download: (id: string, attachmentId: string, actor: StaffActor) =>
      auditedStaffRead(
        { db, clock },
        { ...actor, action: 'ticket.attachmentDownload', detail: { ticketId: id, attachmentId } },
        async () => {
          if (!isUuid(id)) throw notFound();
          return files.read(id.toLowerCase(), attachmentId);
        },
      ),
  };
}
export type OpsTicketService = ReturnType<typeof createOpsTicketService>;
