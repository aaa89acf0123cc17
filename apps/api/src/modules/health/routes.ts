import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@portal/shared';
import type { Db } from '../../db/database.js';
import { replies } from '../../platform/responses.js';
import type { Readiness } from '../../platform/readiness.js';

/** A database that has not answered a readiness check in this long counts as away. */
const READY_DATABASE_WAIT_MS = 2_000;

const readySchema = z.object({ status: z.enum(['ready', 'draining', 'databaseUnreachable']) });

async function databaseAnswers(ping: () => Promise<void>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>(
    (resolve) => (timer = setTimeout(() => resolve(false), READY_DATABASE_WAIT_MS)),
  );
  try {
    return await Promise.race([ping().then(() => true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * For load balancers and orchestrators. `/api/health` (ok when the database answers) as before;
 * `/live` only says the process answers (restart it when it does not); `/ready` says whether to
 * send it requests: 503 once it begins to stop (SIGTERM) or when its database does not answer.
 * The probes are not counted by the per-address flood guard: a proxy's checks must not lock it out.
 */
export const healthRoutes: FastifyPluginAsyncZod<{
  db: Db;
  /** The database's own answer (Database.ping), apart from this instance's pool. */
  ping: () => Promise<void>;
  readiness: Readiness;
}> = async (app, { db, ping, readiness }) => {
  app.get(
    '/api/health',
    {
      config: { authority: null },
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: replies(z.object({ status: z.literal('ok') })),
      },
    },
    async () => {
      await db.execute(sql`select 1`);
      return { data: { status: 'ok' as const } };
    },
  );

  app.get(
    '/api/health/live',
    {
      config: { authority: null, rateLimit: false },
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process answers (nothing else is asked)',
        response: replies(z.object({ status: z.literal('live') })),
      },
    },
    async () => ({ data: { status: 'live' as const } }),
  );

  app.get(
    '/api/health/ready',
    {
      config: { authority: null, rateLimit: false },
      schema: {
        tags: ['system'],
        summary:
          'Readiness for a load balancer: 200 when the database answers and the instance is not stopping, else 503 and why',
        response: { 200: envelope(readySchema), 503: envelope(readySchema) },
      },
    },
    async (_request, reply) => {
      if (readiness.draining) return reply.code(503).send({ data: { status: 'draining' as const } });
      if (!(await databaseAnswers(ping)))
        return reply.code(503).send({ data: { status: 'databaseUnreachable' as const } });
      return { data: { status: 'ready' as const } };
    },
  );
};
