import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  hasAuthority,
  tagKeysQuerySchema,
  tagSchema,
  tagsOfQuerySchema,
  tagsPutSchema,
  type Tag,
} from '@portal/shared';
import { resourceTags, type ResourceTagRow } from '../../db/schema/index.js';
import { SIGNED_IN } from '../authority-guard.js';
import { forbidden, notFound } from '../errors.js';
import { replies } from '../responses.js';
import type { Operations } from '../operations/operations.js';
import { resourceContext } from './context.js';
import type { ResourceRegistry } from './register-resource.js';
import { isUuid } from '../ids.js';
import { lockParent } from './parent-lock.js';

const MAX_IDS = 500;

const toTag = (row: ResourceTagRow): Tag => ({
  id: row.id,
  resId: row.resId,
  type: row.resType,
  key: row.key,
  value: row.value,
});

/**
 * Tags of every declared resource (spec section 7). The resource kind is a parameter, so the
 * route declares only "signed in" and the handler asks the kind's own authority: its view to read
 * tags, its manage to change them. An unknown kind, or a resource that is not the caller's, is 404.
 */
export const tagRoutes: FastifyPluginAsyncZod<{
  registry: ResourceRegistry;
  operations: Operations;
}> = async (app, { registry, operations }) => {
  const kind = (type: string, level: 'view' | 'manage', authority: Parameters<typeof hasAuthority>[0]) => {
    const declaration = registry.get(type);
    if (!declaration) throw notFound();
    if (!hasAuthority(authority, declaration.authority[level])) throw forbidden();
    return declaration;
  };

  app.get(
    '/api/tags/keys',
    {
      config: { authority: SIGNED_IN },
      schema: {
        tags: ['tags'],
        summary: 'The tag keys used on one kind of resource (type: vms, disks, ...)',
        querystring: tagKeysQuerySchema,
        response: replies(z.array(z.string())),
      },
    },
    async (request) => {
      const ctx = resourceContext(request, operations);
      kind(request.query.type, 'view', ctx.auth.authority);
      const rows = await ctx.db
        .selectDistinct({ key: resourceTags.key })
        .from(resourceTags)
        .where(ctx.own(resourceTags, eq(resourceTags.resType, request.query.type)))
        .orderBy(asc(resourceTags.key));
      return { data: rows.map((r) => r.key) };
    },
  );

  app.get(
    '/api/tags/resid',
    {
      config: { authority: SIGNED_IN },
      schema: {
        tags: ['tags'],
        summary: 'The tags of resources of one kind (res_id: comma-joined ids)',
        querystring: tagsOfQuerySchema,
        response: replies(z.array(tagSchema)),
      },
    },
    async (request) => {
      const ctx = resourceContext(request, operations);
      kind(request.query.type, 'view', ctx.auth.authority);
      const ids = [...new Set(request.query.res_id.split(',').map((s) => s.trim().toLowerCase()))]
        .filter((id) => isUuid(id))
        .slice(0, MAX_IDS);
      if (ids.length === 0) return { data: [] };
      const rows = await ctx.db
        .select()
        .from(resourceTags)
        .where(
          ctx.own(
            resourceTags,
            and(eq(resourceTags.resType, request.query.type), inArray(resourceTags.resId, ids)),
          ),
        )
        .orderBy(asc(resourceTags.resId), asc(resourceTags.key));
      return { data: rows.map(toTag) };
    },
  );

  app.put(
    '/api/tags/:type/:resId',
    {
      config: {
        authority: SIGNED_IN,
        audit: {
          action: 'tag.update',
          // The tagged resource is what changed: its trail shows its tags too.
          target: (request) => registry.get((request.params as { type: string }).type)?.name ?? 'tag',
          targetId: (request) => (request.params as { resId: string }).resId.toLowerCase(),
        },
      },
      schema: {
        tags: ['tags'],
        summary: 'Replace the tags of one resource',
        params: z.object({ type: z.string().max(32), resId: z.string().max(64) }),
        body: tagsPutSchema,
        response: replies(z.array(tagSchema)),
      },
    },
    async (request) => {
      const ctx = resourceContext(request, operations);
      const { type } = request.params;
      const declaration = kind(type, 'manage', ctx.auth.authority);
      const resId = request.params.resId.toLowerCase();
      if (!isUuid(resId)) throw notFound();
      // The set is replaced whole: a second PUT of the resource waits here, then replaces this one's
      // (and sees the resource gone if a delete committed meanwhile).
      await lockParent(ctx.db, `tags:${type}`, resId);
      if (!(await declaration.owned(ctx, [resId])).has(resId)) throw notFound();
      const own = ctx.own(resourceTags, and(eq(resourceTags.resType, type), eq(resourceTags.resId, resId)));
      await ctx.db.delete(resourceTags).where(own);
      const tags = request.body.tags;
      if (tags.length > 0) {
        await ctx.db
          .insert(resourceTags)
          .values(
            tags.map((t) => ({ clientId: ctx.clientId, resType: type, resId, key: t.key, value: t.value })),
          );
      }
      const rows = await ctx.db.select().from(resourceTags).where(own).orderBy(asc(resourceTags.key));
      return { data: rows.map(toTag) };
    },
  );
};
