import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tagKeysQuerySchema, tagSchema, tagsOfQuerySchema, tagsPutSchema, type Tag } from '@portal/shared';
import { resourceTags, type ResourceTagRow } from '../../db/schema/index.js';
import { SIGNED_IN, type AuthorityFor } from '../authority-guard.js';
import { notFound } from '../errors.js';
import { replies } from '../responses.js';
import type { Operations } from '../operations/operations.js';
import { resourceContext } from './context.js';
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
 * Tags of every declared resource (spec section 7). The resource kind is a parameter (`type`, in
 * the path or the query), so each route declares "signed in" and, for the guard, the kind's own
 * authority (`authorityFor`): its view to read tags, its manage to change them. The guard answers
 * before anything is validated: 403 to a caller without that authority whatever the request holds,
 * and 404 to anyone for a type that is no kind. A resource that is not the caller's is 404 too.
 * The kinds are the app's declared resources (app.resources), as they are when a request comes.
 */
export const tagRoutes: FastifyPluginAsyncZod<{ operations: Operations }> = async (app, { operations }) => {
  const registry = app.resources;
  const kindOf = (type: unknown) => (typeof type === 'string' ? registry.get(type) : undefined);
  /** The kind's authority, from `type` as the route's schema will read it (the query's trimmed). */
  const needs =
    (level: 'view' | 'manage', from: 'query' | 'params'): AuthorityFor =>
    (request) => {
      const type = (request[from] as { type?: unknown } | undefined)?.type;
      const read = from === 'query' && typeof type === 'string' ? type.trim() : type;
      return kindOf(read)?.authority[level] ?? null;
    };
  /** The kind's declaration; the guard has checked that it is one and that the caller may. */
  const kind = (type: string) => {
    const declaration = kindOf(type);
    if (!declaration) throw notFound();
    return declaration;
  };

  app.get(
    '/api/tags/keys',
    {
      config: { authority: SIGNED_IN, authorityFor: needs('view', 'query'), keys: true, keep: 'rows' },
      schema: {
        tags: ['tags'],
        summary:
          'The tag keys used on one kind of resource (type: vms, disks, ...). 403 without the kind’s view authority, 404 for a type that is no kind',
        querystring: tagKeysQuerySchema,
        response: replies(z.array(z.string())),
      },
    },
    async (request) => {
      const ctx = resourceContext(request, operations);
      kind(request.query.type);
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
      config: { authority: SIGNED_IN, authorityFor: needs('view', 'query'), keys: true, keep: 'rows' },
      schema: {
        tags: ['tags'],
        summary:
          'The tags of resources of one kind (res_id: comma-joined ids). 403 without the kind’s view authority, 404 for a type that is no kind',
        querystring: tagsOfQuerySchema,
        response: replies(z.array(tagSchema)),
      },
    },
    async (request) => {
      const ctx = resourceContext(request, operations);
      kind(request.query.type);
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
        authorityFor: needs('manage', 'params'),
        keys: true,
        audit: {
          action: 'tag.update',
          // The tagged resource is what changed: its trail shows its tags too.
          target: (request) => registry.get((request.params as { type: string }).type)?.name ?? 'tag',
          targetId: (request) => (request.params as { resId: string }).resId.toLowerCase(),
        },
      },
      schema: {
        tags: ['tags'],
        summary:
          'Replace the tags of one resource. 403 without the kind’s manage authority and 404 for a type that is no kind, whatever the body',
        params: z.object({ type: z.string().max(32), resId: z.string().max(64) }),
        body: tagsPutSchema,
        response: replies(z.array(tagSchema)),
      },
    },
    async (request) => {
      const ctx = resourceContext(request, operations);
      const { type } = request.params;
      const declaration = kind(type);
      const resId = request.params.resId.toLowerCase();
      if (!isUuid(resId)) throw notFound(declaration.notFound);
      // The set is replaced whole: a second PUT of the resource waits here, then replaces this one's
      // (and sees the resource gone if a delete committed meanwhile).
      await lockParent(ctx.db, `tags:${type}`, resId);
      if (!(await declaration.owned(ctx, [resId])).has(resId)) throw notFound(declaration.notFound);
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
