import { eq, sql, type SQL } from 'drizzle-orm';
import {
  ccisToday,
  ticketTransition,
  TicketStatus,
  type Ticket,
  type TicketChange,
  type TicketCreateBody,
  type TicketListQuery,
  type TicketSort,
  ticketContract,
} from '@portal/shared';
import type { Db } from '../../db/database.js';
import {
  ccisTerms,
  ticketNumbers,
  ticketResponses,
  tickets,
  vms,
  type TicketRow,
} from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import { AppError, fail } from '../../platform/errors.js';
import { isUuid } from '../../platform/ids.js';
import type { ResourceContext } from '../../platform/resources/context.js';
import { defineResource } from '../../platform/resources/declaration.js';
import { searchOf } from '../../platform/resources/list-query.js';
import { resourceRepository } from '../../platform/resources/repository.js';
import type { MailQueue } from '../../platform/mail/mail-queue.js';
import { uploaderIs } from './ticket-files.js';
import { ticketOpenedMail } from './ticket-mails.js';
import { attachFiles, conversationOf, ticketColumns } from './ticket-rows.js';

const SORTS = {
  createDate: tickets.createdAt,
  updateDate: tickets.updatedAt,
  ticketNo: tickets.ticketNo,
  status: tickets.status,
} satisfies Record<TicketSort, unknown>;

/** A VM or contract that is not the caller's: 404, and the form hears it on the field. */
const notTheirs = (code: 'VM_NOT_FOUND' | 'CCIS_CONTRACT_NOT_FOUND', path: string) =>
  new AppError(404, code, {}, [{ path, message: `apiError.${code}` }]);

/** The status after a change, or the shared rule's refusal. */
export function nextStatus(status: TicketStatus, change: TicketChange): TicketStatus {
  const next = ticketTransition(status, change);
  if (!next.ok) throw fail(next.code);
  return next.status;
}

/**
 * The next ticket number of a day: T, the day (yyyymmdd) and its sequence (four digits, more past
 * 9,999), taken under the day's row lock so two tickets never share one; unique besides.
 */
export async function nextTicketNo(db: Db, day: string): Promise<string> {
  const [row] = await db
    .insert(ticketNumbers)
    .values({ day, last: 1 })
    .onConflictDoUpdate({ target: ticketNumbers.day, set: { last: sql`${ticketNumbers.last} + 1` } })
    .returning({ last: ticketNumbers.last });
  return `T${day}${String(row!.last).padStart(4, '0')}`;
}

const selectTickets = (ctx: ResourceContext) =>
  ctx.db.select(ticketColumns).from(tickets).leftJoin(vms, eq(vms.id, tickets.vmId));

const ticketRows = resourceRepository<Ticket, typeof tickets>({
  table: tickets,
  select: selectTickets,
  sorts: SORTS,
});

export async function listTickets(ctx: ResourceContext, query: TicketListQuery) {
  const filters: (SQL | undefined)[] = [
    query.status === undefined ? undefined : eq(tickets.status, query.status),
    searchOf(query.search, [tickets.ticketNo, tickets.remark]),
  ];
  return ticketRows.page(ctx, query, filters);
}

/** One of the caller's tickets with its files and conversation; 404 for anyone else's. */
export async function getTicket(ctx: ResourceContext, id: string): Promise<Ticket> {
  return { ...(await ticketRows.one(ctx, id)), ...(await conversationOf(ctx.db, id, 'customer')) };
}

/**
 * Support tickets of the customer (routes myTicket, createTicket, ticketDetail; log code 10007;
 * docs/tickets-api.md): open one about a VM or the data-store contract, reply, close. Staff work
 * on them in the operations console (ops-ticket-routes.ts).
 */
export function ticketResource({
  clock,
  mail,
  publicUrl,
}: {
  clock: Clock;
  mail: MailQueue;
  /** Where the web app is reached, for the ticket's link in mail. */
  publicUrl: string;
}) {
  const uploader = (ctx: ResourceContext) => uploaderIs({ userId: ctx.auth.user.id });

  async function createTicket(ctx: ResourceContext, body: TicketCreateBody) {
    const now = clock.now();
    let vm: { id: string; name: string } | undefined;
    if (body.vmId) {
      if (!isUuid(body.vmId)) throw notTheirs('VM_NOT_FOUND', 'vmId');
      [vm] = await ctx.db
        .select({ id: vms.id, name: vms.name })
        .from(vms)
        .where(ctx.own(vms, eq(vms.id, body.vmId.toLowerCase())));
      if (!vm) throw notTheirs('VM_NOT_FOUND', 'vmId');
    }
    const ccisId = body.ccisId || null;
    if (ccisId) {
      const [term] = await ctx.db
        .select({ id: ccisTerms.id })
        .from(ccisTerms)
        .where(ctx.own(ccisTerms, eq(ccisTerms.orderId, ccisId)));
      if (!term) throw notTheirs('CCIS_CONTRACT_NOT_FOUND', 'ccisId');
    }
    const day = ccisToday(now, ctx.auth.client.timeZone).replace(/-/g, '');
    const [row] = await ctx.db
      .insert(tickets)
      .values({
        clientId: ctx.clientId,
        ticketNo: await nextTicketNo(ctx.db, day),
        status: TicketStatus.NEW,
        code: body.ticketCode,
        remark: body.ticketRemark,
        contactName: body.contactName,
        contactMail: body.contactMail,
        contactMobile: body.contactMobile,
        contactPhone: body.contactPhone,
        vmId: vm?.id ?? null,
        vmName: vm?.name ?? null,
        ccisOrderId: ccisId,
        lang: ctx.lang,
        userId: ctx.auth.user.id,
        account: ctx.auth.user.account,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: tickets.id });
    const ticketId = row!.id;
    await attachFiles(
      ctx.db,
      body.attachmentIds,
      { clientId: ctx.clientId, ticketId, responseId: null },
      uploader(ctx),
    );
    const ticket = await getTicket(ctx, ticketId);
    // The contact learns its number and that answers come by mail too, in the request's transaction.
    const facts = {
      ticketNo: ticket.ticketNo,
      status: ticket.status,
      link: `${publicUrl}/#/myTicket/${ticketId}`,
    };
    await mail.send(
      { to: body.contactMail, lang: ctx.lang, ...ticketOpenedMail(ctx.lang, facts) },
      { tx: ctx.db },
    );
    return ticket;
  }

  /** An entry of the conversation by the customer and the ticket's new state, in the request's transaction. */
  async function customerEntry(
    ctx: ResourceContext,
    ticket: TicketRow,
    change: TicketChange,
    text: string,
    attachmentIds: readonly string[],
  ) {
    const now = clock.now();
    const status = nextStatus(ticket.status, change);
    const [entry] = await ctx.db
      .insert(ticketResponses)
      .values({
        ticketId: ticket.id,
        clientId: ctx.clientId,
        author: 'customer',
        userId: ctx.auth.user.id,
        authorName: ctx.auth.user.account,
        text,
        status,
        createdAt: now,
      })
      .returning({ id: ticketResponses.id });
    await attachFiles(
      ctx.db,
      attachmentIds,
      { clientId: ctx.clientId, ticketId: ticket.id, responseId: entry!.id },
      uploader(ctx),
    );
    await ctx.db
      .update(tickets)
      .set({
        status,
        updatedAt: now,
        ...(status === TicketStatus.CLOSE ? { closedAt: now } : {}),
        // The customer's latest language is the one their mail goes out in.
        ...(change.kind === 'reply' ? { lang: ctx.lang } : {}),
      })
      .where(ctx.own(tickets, eq(tickets.id, ticket.id)));
    return getTicket(ctx, ticket.id);
  }

  return defineResource(ticketContract, {
    table: tickets,
    list: listTickets,
    get: getTicket,
    owned: ticketRows.owned,
    create: {
      summary:
        'Open a ticket about one of your VMs or your data-store contract (one of the two), with files uploaded before',
      handler: createTicket,
    },
    actions: {
      reply: {
        summary: 'Reply (a waiting ticket goes back into work); refused on a closed ticket',
        handler: async (ctx, id, body: { text: string; attachmentIds: string[] }) =>
          customerEntry(
            ctx,
            await ticketRows.forUpdate(ctx, id),
            { kind: 'reply' },
            body.text,
            body.attachmentIds,
          ),
      },
      close: {
        summary: 'Close the ticket; nothing but reading is done to it afterwards',
        handler: async (ctx, id) =>
          customerEntry(ctx, await ticketRows.forUpdate(ctx, id), { kind: 'close' }, '', []),
      },
    },
  });
}
