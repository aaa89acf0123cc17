import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, OPERATION_ID_HEADER, pagedSchema, uuidParamsSchema } from '@portal/shared';
import { AppError, notFound } from '../errors.js';
import type { ConfirmPassword } from '../password-confirm.js';
import { replies } from '../responses.js';
import { pageRoute } from '../page-route.js';
import type { Operations } from '../operations/operations.js';
import { resourceContext, type ResourceContext } from './context.js';
import { removeTags } from './lifecycle.js';
import { sendKept, sendKeptData } from './kept-answer.js';
import { listCacheKey, type ListCache } from './list-cache.js';
import type { Change, ResourceDeclaration, ResourceKey } from './declaration.js';
import { isUuid } from '../ids.js';

export interface ResourceDeps {
  operations: Operations;
  confirmPassword: ConfirmPassword;
  listCache: ListCache;
  /**
   * Check each list answer against the contract, strictly (no field more or less): in tests. In
   * use the records go out as the typed code built them; a copy through the schema was a fifth of
   * the time of the "all" page of 10,000 VMs.
   */
  checkAnswers: boolean;
}

/** Rows named by UUID: anything else cannot name anything of ours (and PostgreSQL would refuse to compare it). */
const UUID_KEY: ResourceKey = {
  param: 'uuid',
  schema: uuidParamsSchema.shape.uuid,
  read: (value) => (isUuid(value) ? value.toLowerCase() : null),
};

/** The declared resources by type, for the tag routes. */
export type ResourceRegistry = Map<string, ResourceDeclaration<unknown, unknown>>;

/**
 * The routes of a declared resource. Every change is audited (`<name>.<verb>`) in the request's
 * transaction; the operations it started run after the answer has gone, that is after commit.
 */
export function registerResource<Dto, Query>(
  app: FastifyInstance,
  declaration: ResourceDeclaration<Dto, Query>,
  deps: ResourceDeps,
  registry: ResourceRegistry,
): void {
  const { type, name, authority, entity } = declaration;
  const base = `/api/${type}`;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The answer is made text here, once, so it can be kept (list-cache.ts).
  const strictAnswer = envelope(pagedSchema(entity instanceof z.ZodObject ? entity.strict() : entity));
  const ctx = (request: Parameters<typeof resourceContext>[0]) => resourceContext(request, deps.operations);
  const key = declaration.key ?? UUID_KEY;
  const paramsSchema = z.object({ [key.param]: key.schema });
  const path = `${base}/:${key.param}`;
  const missing = declaration.notFound ?? 'NOT_FOUND';
  const idOf = (params: unknown) => {
    const id = key.read((params as Record<string, string>)[key.param]!);
    if (id === null) throw notFound(missing);
    return id;
  };
  /** A handler's plain 404 is about this kind's row: it answers the kind's own code. */
  const ownNotFound = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError && error.status === 404 && error.code === 'NOT_FOUND')
        throw notFound(missing);
      throw error;
    }
  };
  registry.set(type, declaration as ResourceDeclaration<unknown, unknown>);
  // Every change names its row in the audit log: by the path's key, or for a create (or a
  // collection's action) by the answer.
  const answersWithRow = declaration.create || Object.keys(declaration.collectionActions ?? {}).length > 0;
  if (answersWithRow && !declaration.idOf && !(entity instanceof z.ZodObject && 'uuid' in entity.shape)) {
    throw new Error(`Resource ${type}: its entity has no uuid, so the declaration must say idOf`);
  }
  const idOfDto = declaration.idOf ?? ((dto: Dto) => (dto as { uuid: string }).uuid);

  r.get(
    base,
    pageRoute({
      config: { authority: authority.view },
      tags: [type],
      summary: `A page of the caller's ${type}`,
      querystring: declaration.listQuery as z.ZodType,
      record: entity,
    }),
    async (request, reply) => {
      const query = request.query as Query & { page: number; limit: number };
      const context = ctx(request);
      const key = listCacheKey(context.clientId, context.auth.client.resourcesVersion, type, query);
      return sendKept(reply, deps.listCache, key, async () => {
        const { records, total } = await declaration.list(context, query);
        const answer = { data: { records, total, page: query.page, limit: query.limit } };
        if (deps.checkAnswers) strictAnswer.parse(answer);
        return JSON.stringify(answer);
      });
    },
  );

  r.get(
    path,
    {
      config: { authority: authority.view, errors: { 404: [missing] } },
      schema: {
        tags: [type],
        summary: `One of the caller's ${type}`,
        params: paramsSchema,
        response: replies(entity),
      },
    },
    async (request, reply) => {
      const context = ctx(request);
      const id = idOf(request.params);
      const one = () => ownNotFound(() => declaration.get(context, id));
      const key = listCacheKey(context.clientId, context.auth.client.resourcesVersion, `${type}:one`, { id });
      return sendKeptData(reply, deps.listCache, key, one);
    },
  );

  const change = (
    method: 'POST' | 'PATCH' | 'DELETE',
    url: string,
    verb: string,
    spec: Change<Dto, never[]>,
    withId: boolean,
  ) => {
    r.route({
      method,
      url,
      config: {
        authority: authority.manage,
        errors: withId ? { 404: [missing] } : {},
        audit: {
          action: `${name}.${verb}`,
          target: name,
          targetId: (request, data) =>
            withId
              ? key.read((request.params as Record<string, string>)[key.param] ?? '')
              : data
                ? idOfDto(data as Dto)
                : null,
        },
      },
      schema: {
        tags: [type],
        summary: spec.summary,
        ...(withId ? { params: paramsSchema } : {}),
        ...(spec.body ? { body: spec.body } : {}),
        response: replies(entity),
      },
      handler: async (request) => {
        const context = ctx(request);
        const body = (request.body ?? {}) as never;
        if (spec.password) {
          await deps.confirmPassword(
            context.auth,
            (body as { currentPassword: string }).currentPassword,
            request.ip,
          );
        }
        if (!withId) return { data: await spec.handler(context, body) };
        const id = idOf(request.params);
        const data = await ownNotFound(() => spec.handler(context, id as never, body));
        if (verb === 'delete') await tagsGoWithRow(context, idOfDto(data));
        return { data };
      },
    });
  };

  /**
   * A row its delete removed at once takes its tags along, in the delete's transaction; one that a
   * cloud operation removes keeps them until that ends (lifecycle.ts).
   */
  const tagsGoWithRow = async (context: ResourceContext, id: string) => {
    if (!isUuid(id)) return;
    const stays = await declaration.get(context, id).then(
      () => true,
      () => false,
    );
    if (!stays) await removeTags(context.db, context.clientId, [id]);
  };

  const { create, update, remove, actions = {}, collectionActions = {} } = declaration;
  if (create) change('POST', base, 'create', create as Change<Dto, never[]>, false);
  for (const [action, spec] of Object.entries(collectionActions)) {
    change('POST', `${base}/${action}`, action, spec as Change<Dto, never[]>, false);
  }
  if (update) change('PATCH', path, 'update', update as Change<Dto, never[]>, true);
  if (remove) change('DELETE', path, 'delete', remove as Change<Dto, never[]>, true);
  for (const [action, spec] of Object.entries(actions)) {
    change('POST', `${path}/${action}`, action, spec as Change<Dto, never[]>, true);
  }
}

/** Operations a request started run once its answer is sent (so its transaction committed). */
export function registerOperationKicks(app: FastifyInstance, operations: Operations): void {
  // The answer names them, so a script can follow them (GET /api/operations/:id).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.startedOperations?.length && reply.statusCode < 300) {
      reply.header(OPERATION_ID_HEADER, request.startedOperations.join(','));
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    if (!request.startedOperations || reply.statusCode >= 300) return;
    for (const id of request.startedOperations) operations.kick(id);
  });
}
