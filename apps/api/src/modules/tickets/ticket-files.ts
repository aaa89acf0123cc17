import { randomBytes } from 'node:crypto';
import { and, count, eq, isNull, lt, type SQL } from 'drizzle-orm';
import { TICKET_PENDING_ATTACHMENTS_MAX, type TicketAttachment } from '@portal/shared';
import type { Db } from '../../db/database.js';
import { ticketAttachments } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import { AppError, fail, notFound } from '../../platform/errors.js';
import { sniffDocType } from '../../platform/file-type.js';
import type { UploadedFile } from '../../platform/file-upload.js';
import { isUuid } from '../../platform/ids.js';
import { lockParent } from '../../platform/resources/parent-lock.js';
import type { ObjectStore } from '../../storage/object-store.js';

/** Files uploaded and never sent with a message go after a day. */
export const PENDING_FILE_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Headers of a served file: the type sniffed at upload, never sniffed again by the browser, a
 * download rather than a page, never cached, and sandboxed (as the registration documents).
 */
export const fileHeaders = (file: { contentType: string; name: string }) => ({
  'content-type': file.contentType,
  'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
  'x-content-type-options': 'nosniff',
  'cache-control': 'private, no-store',
  'content-security-policy': "default-src 'none'; sandbox",
});

/** Who uploads: a customer's user or a staff member; their files waiting to be sent are theirs alone. */
export type Uploader = { userId: string } | { staffId: string };

export const uploaderIs = (who: Uploader): SQL =>
  'userId' in who ? eq(ticketAttachments.userId, who.userId) : eq(ticketAttachments.staffId, who.staffId);

/**
 * A ticket's files in the private object store: an upload is checked by its content (PNG, JPEG,
 * GIF, WebP or PDF, whatever its name says; 415 otherwise), kept waiting for its message, and
 * served to whoever may read the ticket.
 */
export function createTicketFiles(deps: { db: Db; clock: Clock; store: ObjectStore }) {
  const { db, clock, store } = deps;
  return {
    /**
     * The file's row is made first, counted under the uploader's lock (decision 0025), so
     * uploads sent together cannot pass the limit together; then the bytes are stored, and a
     * store that fails takes the row back.
     */
    async upload(clientId: string, who: Uploader, file: UploadedFile): Promise<TicketAttachment> {
      const contentType = sniffDocType(file.bytes);
      if (!contentType) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
      const key = `tickets/${clientId}/${randomBytes(12).toString('hex')}`;
      const row = await db.transaction(async (tx) => {
        await lockParent(tx, 'ticket-files', 'userId' in who ? `user:${who.userId}` : `staff:${who.staffId}`);
        const [waiting] = await tx
          .select({ n: count() })
          .from(ticketAttachments)
          .where(and(isNull(ticketAttachments.ticketId), uploaderIs(who)));
        if ((waiting?.n ?? 0) >= TICKET_PENDING_ATTACHMENTS_MAX) throw fail('TICKET_ATTACHMENTS_LIMIT');
        const [made] = await tx
          .insert(ticketAttachments)
          .values({
            clientId,
            ...who,
            key,
            name: file.name.slice(0, 200),
            size: file.bytes.length,
            contentType,
            createdAt: clock.now(),
          })
          .returning();
        return made!;
      });
      try {
        await store.put(key, file.bytes, contentType);
      } catch (error) {
        await db.delete(ticketAttachments).where(eq(ticketAttachments.id, row.id));
        throw error;
      }
      return { id: row.id, name: row.name, size: row.size, contentType };
    },

    /** A file sent with the ticket (any of its messages); 404 for anything else. */
    async read(ticketId: string, attachmentId: string) {
      if (!isUuid(attachmentId)) throw notFound();
      const [row] = await db
        .select()
        .from(ticketAttachments)
        .where(
          and(eq(ticketAttachments.id, attachmentId.toLowerCase()), eq(ticketAttachments.ticketId, ticketId)),
        );
      if (!row) throw notFound();
      const object = await store.get(row.key);
      if (!object) throw notFound();
      return { body: object.body, contentType: row.contentType, name: row.name };
    },

    /** Remove the files never sent, a day after their upload; how many went. */
    async prune(): Promise<number> {
      const gone = await db
        .delete(ticketAttachments)
        .where(
          and(
            isNull(ticketAttachments.ticketId),
            lt(ticketAttachments.createdAt, new Date(clock.now().getTime() - PENDING_FILE_TTL_MS)),
          ),
        )
        .returning({ key: ticketAttachments.key });
      for (const { key } of gone) await store.delete(key).catch(() => undefined);
      return gone.length;
    },
  };
}
export type TicketFiles = ReturnType<typeof createTicketFiles>;
