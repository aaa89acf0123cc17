import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  announcementBodySchema,
  announcementSchema,
  okSchema,
  opsAnnouncementQuerySchema,
  opsAnnouncementSchema,
  pagedSchema,
} from '@portal/shared';
import { SIGNED_IN, STAFF, staffSignedIn } from '../../platform/authority-guard.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../db/database.js';
import { replies } from '../../platform/responses.js';
import { createAnnouncementService, type StaffChange } from './announcement-service.js';

const idParams = z.object({ id: z.string().max(64) });
const cacheBuster = z.object({ t: z.coerce.number().optional() });

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
  const actor = (request: Parameters<typeof staffSignedIn>[0]) => {
    const s = staffSignedIn(request);
    return { staffId: s.id, staffEmail: s.email, ip: request.ip };
  };

  app.get(
    '/api/announcements',
    {
      config: { authority: SIGNED_IN },
      schema: {
        tags: ['announcements'],
        summary: 'The announcements whose window holds now, newest first, in the caller’s language',
        querystring: cacheBuster,
        response: replies(z.array(announcementSchema)),
      },
    },
    async (request) => ({ data: await service.current(request.lang) }),
  );

  app.get(
    '/api/ops/announcements',
    {
      config: { authority: STAFF },
      schema: {
        tags: ['ops'],
        summary: 'Every announcement, newest start first, with its state (scheduled, current, ended)',
        querystring: opsAnnouncementQuerySchema,
        response: replies(pagedSchema(opsAnnouncementSchema)),
      },
    },
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
    async (request) => ({ data: await service.create(request.body, actor(request)) }),
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
    async (request) => ({ data: await service.update(request.params.id, request.body, actor(request)) }),
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
    async (request) => ({ data: await service.remove(request.params.id, actor(request)) }),
  );
};
