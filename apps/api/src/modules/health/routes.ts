import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { replies } from '../../platform/responses.js';

/** For load balancers: "ok" only when the database answers too. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
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
};
