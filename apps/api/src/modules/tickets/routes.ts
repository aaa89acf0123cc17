import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  opsTicketAnswerSchema,
  opsTicketQuerySchema,
  opsTicketSchema,
  TICKET_ATTACHMENT_MAX_BYTES,
  ticketUploadSchema,
  uuidParamsSchema,
} from '@portal/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { tickets } from '../../db/schema/index.js';
import { signedIn, STAFF, staffActor } from '../../platform/authority-guard.js';
import type { Clock } from '../../platform/clock.js';
import { notFound } from '../../platform/errors.js';
import { acceptFileUploads, readFileUpload } from '../../platform/file-upload.js';
import { isUuid } from '../../platform/ids.js';
import type { Jobs } from '../../platform/jobs/index.js';
import type { MailQueue } from '../../platform/mail/mail-queue.js';
import {
  registerResource,
  type ResourceDeps,
  type ResourceRegistry,
} from '../../platform/resources/register-resource.js';
import { replies } from '../../platform/responses.js';
import { pageRoute } from '../../platform/page-route.js';
import type { ObjectStore } from '../../storage/object-store.js';
import { createOpsTicketService, type OpsTicketService } from './ops-ticket-service.js';
import { createTicketFiles, fileHeaders, type TicketFiles } from './ticket-files.js';
import { ticketResource } from './ticket-resource.js';

/** Files uploaded and never sent go once a day. */
export const TICKET_FILES_QUEUE = 'ticket.files-prune';

export interface TicketDeps extends ResourceDeps {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  mail: MailQueue;
  store: ObjectStore;
  publicUrl: string;
  registry: ResourceRegistry;
}

const fileParams = uuidParamsSchema.extend({ attachmentId: z.string().max(64) });
const opsParams = z.object({ id: z.string().max(64) });
const opsFileParams = opsParams.extend({ attachmentId: z.string().max(64) });

/** Uploads, in a scope of their own: only these routes read multipart bodies. */
const customerFiles: FastifyPluginAsyncZod<{ files: TicketFiles }> = async (app, { files }) => {
  await acceptFileUploads(app, TICKET_ATTACHMENT_MAX_BYTES);
  app.post(
    '/api/tickets/attachments',
    {
      config: { authority: 'myAccount/myTicket/manage' },
      schema: {
        tags: ['tickets'],
        summary:
          'Upload a file for a ticket or reply to come (multipart "file"; PNG, JPEG, GIF, WebP or PDF up to 5 MB, by content)',
        response: replies(ticketUploadSchema),
      },
    },
    async (request) => {
      const auth = signedIn(request);
      return {
        data: await files.upload(auth.client.id, { userId: auth.user.id }, await readFileUpload(request)),
      };
    },
  );
};

const staffFiles: FastifyPluginAsyncZod<{
  ops: OpsTicketService;
}> = async (app, { ops }) => {
  await acceptFileUploads(app, TICKET_ATTACHMENT_MAX_BYTES);
  app.post(
    '/api/ops/tickets/:id/attachments',
    {
      config: { authority: STAFF },
      schema: {
        tags: ['ops'],
        summary: "Upload a file for an answer to come (as the customer's uploads)",
        params: opsParams,
        response: replies(ticketUploadSchema),
      },
    },
    async (request) => ({
      data: await ops.upload(request.params.id, staffActor(request), await readFileUpload(request)),
    }),
  );
};

/**
 * Support tickets (route group "ticket", log code 10007; docs/tickets-api.md): the customer's
 * resource (/api/tickets: list, get, create, reply, close, files) and the staff's queue in the
 * operations console (/api/ops/tickets: list, get, pick up, answer, close, files).
 */
export const ticketRoutes: FastifyPluginAsync<TicketDeps> = async (app, deps) => {
  const { db, clock, jobs, mail, store, publicUrl } = deps;
  const files = createTicketFiles({ db, clock, store });
  registerResource(app, ticketResource({ clock, mail, publicUrl }) as never, deps, deps.registry);
  const r = app.withTypeProvider<ZodTypeProvider>();

  await app.register(customerFiles, { files });
  r.get(
    '/api/tickets/:uuid/attachments/:attachmentId',
    {
      config: { authority: 'myAccount/myTicket' },
      schema: {
        tags: ['tickets'],
        summary: "A file of one of the caller's tickets (a download, sandboxed)",
        params: fileParams,
      },
    },
    async (request, reply) => {
      if (!isUuid(request.params.uuid)) throw notFound();
      const { tenant } = signedIn(request);
      const [ticket] = await tenant.db
        .select({ id: tickets.id })
        .from(tickets)
        .where(tenant.own(tickets, eq(tickets.id, request.params.uuid.toLowerCase())));
      if (!ticket) throw notFound();
      const file = await files.read(ticket.id, request.params.attachmentId);
      return reply.headers(fileHeaders(file)).send(file.body);
    },
  );
  // The operations console.
  const ops = createOpsTicketService({ db, clock, mail, files, publicUrl });
  r.get(
    '/api/ops/tickets',
    pageRoute({
      config: { authority: STAFF },
      tags: ['ops'],
      summary: "Every customer's tickets: the open ones (or one status), longest unchanged first",
      querystring: opsTicketQuerySchema,
      record: opsTicketSchema,
    }),
    async (request) => ({ data: await ops.list(request.query) }),
  );
  r.get(
    '/api/ops/tickets/:id',
    {
      config: { authority: STAFF },
      schema: {
        tags: ['ops'],
        summary: 'One ticket with its customer, files and conversation',
        params: opsParams,
        response: replies(opsTicketSchema),
      },
    },
    async (request) => ({ data: await ops.get(request.params.id) }),
  );
  r.post(
    '/api/ops/tickets/:id/pick-up',
    {
      config: { authority: STAFF },
      schema: {
        tags: ['ops'],
        summary: 'Pick up a new ticket: in progress, assigned to you; the customer is mailed',
        params: opsParams,
        response: replies(opsTicketSchema),
      },
    },
    async (request) => ({ data: await ops.pickUp(request.params.id, staffActor(request)) }),
  );
  r.post(
    '/api/ops/tickets/:id/answer',
    {
      config: { authority: STAFF },
      schema: {
        tags: ['ops'],
        summary: 'Answer: the text, PROCESS (working on it) or WAITING (for the customer), files; mailed',
        params: opsParams,
        body: opsTicketAnswerSchema,
        response: replies(opsTicketSchema),
      },
    },
    async (request) => ({ data: await ops.answer(request.params.id, staffActor(request), request.body) }),
  );
  r.post(
    '/api/ops/tickets/:id/close',
    {
      config: { authority: STAFF },
      schema: {
        tags: ['ops'],
        summary: 'Close the ticket; the customer is mailed',
        params: opsParams,
        response: replies(opsTicketSchema),
      },
    },
    async (request) => ({ data: await ops.close(request.params.id, staffActor(request)) }),
  );
  r.get(
    '/api/ops/tickets/:id/attachments/:attachmentId',
    {
      config: { authority: STAFF },
      schema: {
        tags: ['ops'],
        summary: "A file of a ticket's conversation (a download, sandboxed; in the staff trail)",
        params: opsFileParams,
      },
    },
    async (request, reply) => {
      const file = await ops.download(request.params.id, request.params.attachmentId, staffActor(request));
      return reply.headers(fileHeaders(file)).send(file.body);
    },
  );
  await app.register(staffFiles, { ops });

  await jobs.schedule(TICKET_FILES_QUEUE, '37 4 * * *', async () => {
    await files.prune();
  });
};
