import { and, asc, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Ticket, TicketAttachment, TicketResponse } from '@portal/shared';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { rowsOf, type Db } from '../../db/database.js';
import { ticketAttachments, ticketResponses, tickets, vms } from '../../db/schema/index.js';
import { fail } from '../../platform/errors.js';
import { asText, isoText, sentAs } from '../../platform/resources/list-query.js';

/**
 * A ticket's fields as they are sent (list-query.ts `sentAs`), for the customer's list and page and
 * the staff's queue alike. The VM's name is read from the VM while it exists, else as it was kept.
 */
export const ticketFields = {
  uuid: asText(tickets.id),
  ticketNo: tickets.ticketNo,
  status: tickets.status,
  ticketCode: tickets.code,
  ticketRemark: tickets.remark,
  contactName: tickets.contactName,
  contactMail: tickets.contactMail,
  contactMobile: tickets.contactMobile,
  contactPhone: tickets.contactPhone,
  vmId: asText(tickets.vmId),
  vmName: sql`coalesce(${vms.name}, ${tickets.vmName})`,
  ccisId: tickets.ccisOrderId,
  account: tickets.account,
  createDate: isoText(tickets.createdAt),
  updateDate: isoText(tickets.updatedAt),
  closedAt: isoText(tickets.closedAt),
};
export const ticketColumns = sentAs(ticketFields);

/** Who the conversation is shown to: staff see who on their side wrote what. */
export type Viewer = 'customer' | 'staff';

type ResponseRow = Omit<TicketResponse, 'attachments'>;
interface AttachmentRow extends TicketAttachment {
  responseId: string | null;
}

const responseColumns = sentAs({
  id: asText(ticketResponses.id),
  author: ticketResponses.author,
  authorName: ticketResponses.authorName,
  text: ticketResponses.text,
  status: ticketResponses.status,
  createdAt: isoText(ticketResponses.createdAt),
});
const attachmentColumns = sentAs({
  id: asText(ticketAttachments.id),
  name: ticketAttachments.name,
  size: ticketAttachments.size,
  contentType: ticketAttachments.contentType,
  responseId: asText(ticketAttachments.responseId),
});

/** The rows of a query of `sentAs` fields as the driver read them. */
export const readAll = async <R>(db: Db, query: SQLWrapper): Promise<R[]> =>
  rowsOf<R>(await db.execute(query));

/** The ticket's rows of one of its tables (entries or files) as `columns` send them, oldest first. */
const oldestFirst = <R>(
  db: Db,
  table: PgTable & { ticketId: PgColumn; createdAt: PgColumn; id: PgColumn },
  columns: Record<string, SQL.Aliased>,
  ticketId: string,
) =>
  readAll<R>(
    db,
    db
      .select(columns)
      .from(table)
      .where(eq(table.ticketId, ticketId))
      .orderBy(asc(table.createdAt), asc(table.id)),
  );

/**
 * A ticket's files and conversation, oldest first, in two queries (none per entry): the files of
 * the description (`attachments`) and the entries each with theirs.
 */
export async function conversationOf(
  db: Db,
  ticketId: string,
  viewer: Viewer,
): Promise<Required<Pick<Ticket, 'attachments' | 'responses'>>> {
  const [responses, files] = await Promise.all([
    oldestFirst<ResponseRow>(db, ticketResponses, responseColumns, ticketId),
    oldestFirst<AttachmentRow>(db, ticketAttachments, attachmentColumns, ticketId),
  ]);
  const byResponse = new Map<string | null, TicketAttachment[]>();
  for (const { responseId, ...file } of files) {
    const list = byResponse.get(responseId) ?? [];
    list.push(file);
    byResponse.set(responseId, list);
  }
  return {
    attachments: byResponse.get(null) ?? [],
    responses: responses.map((r) => ({
      id: r.id,
      author: r.author,
      // Staff are "the support team" to a customer; the console shows their address.
      authorName: r.author === 'staff' && viewer === 'customer' ? null : r.authorName,
      text: r.text,
      status: r.status,
      createdAt: r.createdAt,
      attachments: byResponse.get(r.id) ?? [],
    })),
  };
}

/**
 * Name the files a message goes with: the uploader's own files not sent yet (`uploader`), all of
 * them or TICKET_ATTACHMENT_NOT_FOUND (the caller's transaction rolls back).
 */
export async function attachFiles(
  db: Db,
  ids: readonly string[],
  target: { clientId: string; ticketId: string; responseId: string | null },
  uploader: SQL,
): Promise<void> {
  if (ids.length === 0) return;
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  const linked = await db
    .update(ticketAttachments)
    .set({ ticketId: target.ticketId, responseId: target.responseId })
    .where(
      and(
        inArray(ticketAttachments.id, unique),
        eq(ticketAttachments.clientId, target.clientId),
        isNull(ticketAttachments.ticketId),
        uploader,
      ),
    )
    .returning({ id: ticketAttachments.id });
  if (linked.length !== unique.length) throw fail('TICKET_ATTACHMENT_NOT_FOUND');
}
