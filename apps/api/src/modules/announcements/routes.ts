import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  announcementBodySchema,
  announcementSchema,
  okSchema,
  opsAnnouncementQuerySchema,
  opsAnnouncementSchema,
  cacheBusterQuerySchema,
} from '@portal/shared';
import { SIGNED_IN, STAFF, staffActor } from '../../platform/authority-guard.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../db/database.js';
import { replies } from '../../platform/responses.js';
import { pageRoute } from '../../platform/page-route.js';
import { createAnnouncementService, type StaffChange } from './announcement-service.js';

const idParams = z.object({ id: z.string().max(64) });

/**
 * Announcements (docs/dashboard-api.md): the operations console's staff write them under
 * /api/ops/announcements (STAFF, each change in the staff trail); every signed-in customer reads
 * the current ones at /api/announcements, in the language of its Accept-Language.
 */
export const announcementRoutes: FastifyPluginAsyncZod<{
  db: Db;
  clock: Clock;
  staffChange: StaffChange;
}> = async (app, { db, clock, staffChange }) => {
  const service = createAnnouncementService({ db, clock, staffChange });

  app.get(
    '/api/announcements',
    {
      config: { authority: SIGNED_IN },
      schema: {
        tags: ['announcements'],
        summary: 'The announcements whose window holds now, newest first, in the caller’s language',
        querystring: cacheBusterQuerySchema,
        response: replies(z.array(announcementSchema)),
      },
    },
    async (request) => ({ data: await service.current(request.lang) }),
  );

  app.get(
    '/api/ops/announcements',
    pageRoute({
      config: { authority: STAFF },
      tags: ['ops'],
      summary: 'Every announcement, newest start first, with its state (scheduled, current, ended)',
      querystring: opsAnnouncementQuerySchema,
      record: opsAnnouncementSchema,
    }),
    async (request) => ({ data: await service.list(request.query) }),
  );

  app.post(
    '/api/ops/announcements',
    {
      config: { authority: STAFF },
      schema: {
        tags: ['ops'],
        summary: 'Write an announcement (both languages, a level and its window)',
        body: announcementBodySchema,
        response: replies(opsAnnouncementSchema),
      },
    },
    async (request) => ({ data: await service.create(request.body, staffActor(request)) }),
  );

  app.put(
    '/api/ops/announcements/:id',
    {
      config: { authority: STAFF },
      schema: {
        tags: ['ops'],
        summary: 'Change an announcement (every field is sent)',
        params: idParams,
        body: announcementBodySchema,
        response: replies(opsAnnouncementSchema),
      },
    },
    async (request) => ({ data: await service.update(request.params.id, request.body, staffActor(request)) }),
  );

  app.delete(
    '/api/ops/announcements/:id',
    {
      config: { authority: STAFF },
      schema: {
        tags: ['ops'],
        summary: 'Delete an announcement',
        params: idParams,
        response: replies(okSchema),
      },
    },
    async (request) => ({ data: await service.remove(request.params.id, staffActor(request)) }),
  );
};
