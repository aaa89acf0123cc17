import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { listOutbox } from '../../platform/mail/outbox.js';
import { replies } from '../../platform/responses.js';
import { thisMachineOnly } from '../../platform/this-machine.js';

const outboxMailSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});

/**
 * The mail the server kept instead of sending, for developers and browser tests on this machine.
 * Never registered in production, and a 404 to other machines: it hands out two-factor codes.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/dev/outbox',
    {
      config: { authority: null },
      onRequest: thisMachineOnly,
      schema: {
        tags: ['development'],
        summary: 'Mail kept in the outbox, newest first (not in production; loopback callers only)',
        querystring: z.object({ to: z.string().max(254).optional() }),
        response: replies(z.array(outboxMailSchema)),
      },
    },
    async (request) => {
      const rows = await listOutbox(db, request.query.to);
      return { data: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
    },
  );
};
