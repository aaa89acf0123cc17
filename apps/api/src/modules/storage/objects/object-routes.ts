import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bucketParamsSchema,
  errorBodySchema,
  folderCreateSchema,
  objectChangeAnswerSchema,
  objectDeleteSchema,
  objectEntrySchema,
  objectKeySchema,
  objectListQuerySchema,
  objectPageSchema,
  objectRenameSchema,
  objectTransferSchema,
  presignAnswerSchema,
  presignSchema,
  type ObjectEntry,
} from '@portal/shared';
import type { Clock } from '../../../platform/clock.js';
import type { Operations } from '../../../platform/operations/operations.js';
import { replies } from '../../../platform/responses.js';
import { resourceContext, type ResourceContext } from '../../../platform/resources/context.js';
import type { BucketBackend } from '../../../storage/buckets/bucket-backend.js';
import type { MeasureRequests } from '../bucket/bucket-measure-queue.js';
import { ownBucket } from '../bucket/bucket-repository.js';
import { objectChanges } from './object-changes.js';
import { openDownload } from './object-download.js';
import { listLevel } from './object-listing.js';
import { UPLOAD_MAX_BYTES, uploadObject } from './object-upload.js';

export interface ObjectRouteDeps {
  backend: BucketBackend;
  measures: MeasureRequests;
  clock: Clock;
  operations: Operations;
}

const VIEW = 'storage/bucket';
const MANAGE = 'storage/bucket/manage';
const TAGS = ['buckets'];
const base = '/api/buckets/:name';
const keyQuerySchema = z.object({ key: objectKeySchema });

/** The bucket a route names, and its objects' action for the audit log. */
const audit = (verb: string) => ({
  action: `bucketObject.${verb}`,
  target: 'bucket',
  targetId: (request: FastifyRequest) => (request.params as { name: string }).name,
  detail: (request: FastifyRequest) => ({ bucket: (request.params as { name: string }).name }),
});

/**
 * The objects of a customer's bucket (the bucket page's objects tab), addressed by the bucket's
 * portal name: the caller's bucket of that name or 404 NO_SUCH_BUCKET. Every change is audited,
 * and the bucket is measured again after it.
 */
export const objectRoutes: FastifyPluginAsync<ObjectRouteDeps> = async (app, deps) => {
  const { backend, measures, clock } = deps;
  const changes = objectChanges(backend);
  const ctxOf = (request: FastifyRequest) => resourceContext(request, deps.operations);
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** A change to the objects of the caller's bucket `name`, then a new measure of it. */
  async function changing<T>(ctx: ResourceContext, name: string, change: (s3Name: string) => Promise<T>) {
    const bucket = await ownBucket(ctx, name, 'share');
    const result = await change(bucket.s3Name);
    await measures.request(ctx.db, bucket.id);
    return result;
  }

  r.get(
    `${base}/objects`,
    {
      config: { authority: VIEW },
      schema: {
        tags: TAGS,
        summary: 'One folder level of the bucket: its folders, then its files, a page at a time',
        params: bucketParamsSchema,
        querystring: objectListQuerySchema,
        response: replies(objectPageSchema),
      },
    },
    async (request) => {
      const bucket = await ownBucket(ctxOf(request), request.params.name);
      return { data: await listLevel(backend, bucket.s3Name, request.query) };
    },
  );

  r.get(
    `${base}/objects/download`,
    {
      config: { authority: VIEW },
      // The object goes as it is stored, with its length: not compressed on the way. No HEAD twin:
      // it would open the object on S3 and never read it.
      compress: false,
      exposeHeadRoute: false,
      schema: {
        tags: TAGS,
        summary: 'The object itself, as an attachment under its name (NO_SUCH_KEY when absent)',
        params: bucketParamsSchema,
        querystring: keyQuerySchema,
        produces: ['application/octet-stream'],
        response: { '4xx': errorBodySchema, '5xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const bucket = await ownBucket(ctxOf(request), request.params.name);
      const download = await openDownload(backend, bucket.s3Name, request.query.key);
      return reply.headers(download.headers).send(download.body as never);
    },
  );

  r.post(
    `${base}/folders`,
    {
      config: { authority: MANAGE, audit: audit('folder') },
      schema: {
        tags: TAGS,
        summary: 'A new folder `<prefix><name>/` (letters and digits; OBJECT_ALREADY_EXISTS when taken)',
        params: bucketParamsSchema,
        body: folderCreateSchema,
        response: replies(objectEntrySchema),
      },
    },
    async (request) => ({
      data: await changing(ctxOf(request), request.params.name, (s3Name) =>
        changes.createFolder(s3Name, request.body),
      ),
    }),
  );

  r.post(
    `${base}/objects/rename`,
    {
      config: { authority: MANAGE, audit: audit('rename') },
      schema: {
        tags: TAGS,
        summary: 'Rename a file, or a folder with every key under it, where it is (never over another)',
        params: bucketParamsSchema,
        body: objectRenameSchema,
        response: replies(objectChangeAnswerSchema),
      },
    },
    async (request) => ({
      data: {
        count: await changing(ctxOf(request), request.params.name, (s3Name) =>
          changes.rename(s3Name, request.body),
        ),
      },
    }),
  );

  r.post(
    `${base}/objects/transfer`,
    {
      config: { authority: MANAGE, audit: audit('transfer') },
      schema: {
        tags: TAGS,
        summary: 'Copy or move files and folders into a folder (never into themselves: INVALID_DIRECTORY)',
        params: bucketParamsSchema,
        body: objectTransferSchema,
        response: replies(objectChangeAnswerSchema),
      },
    },
    async (request) => ({
      data: {
        count: await changing(ctxOf(request), request.params.name, (s3Name) =>
          changes.transfer(s3Name, request.body),
        ),
      },
    }),
  );

  r.post(
    `${base}/objects/delete`,
    {
      config: { authority: MANAGE, audit: audit('delete') },
      schema: {
        tags: TAGS,
        summary: 'Delete files and folders with everything under them; answers how many objects went',
        params: bucketParamsSchema,
        body: objectDeleteSchema,
        response: replies(objectChangeAnswerSchema),
      },
    },
    async (request) => ({
      data: {
        count: await changing(ctxOf(request), request.params.name, (s3Name) =>
          changes.remove(s3Name, request.body.keys),
        ),
      },
    }),
  );

  r.post(
    `${base}/objects/presign`,
    {
      config: { authority: MANAGE, audit: audit('presign') },
      schema: {
        tags: TAGS,
        summary: 'A link anyone may GET the object with, for the minutes given (NO_SUCH_KEY when absent)',
        params: bucketParamsSchema,
        body: presignSchema,
        response: replies(presignAnswerSchema),
      },
    },
    async (request) => {
      const bucket = await ownBucket(ctxOf(request), request.params.name);
      const { key, expiresMinutes } = request.body;
      return { data: await changes.presign(bucket.s3Name, key, expiresMinutes, clock.now()) };
    },
  );

  await app.register(uploadRoute, deps);
};

/**
 * The upload, in a plugin of its own: its body is the file itself, whatever its type, handed to
 * the route as the request's stream (the rest of the API reads JSON only).
 *
 * The file streams to S3 in the route's preHandler, before the audited handler opens its
 * transaction: on PGlite a transaction holds the one connection, so an upload of minutes inside
 * one would stop every other request meanwhile. The handler then records the outcome, in the
 * transaction with the audit record: a refused or failed upload is audited as a failure.
 */
const uploadRoute: FastifyPluginAsync<ObjectRouteDeps> = async (app, deps) => {
  const { backend, measures } = deps;
  const bodies = new WeakMap<FastifyRequest, Readable>();
  const outcomes = new WeakMap<
    FastifyRequest,
    { entry: ObjectEntry; bucketId: string } | { error: unknown }
  >();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (request, payload, done) => {
    bodies.set(request, payload as Readable);
    done(null);
  });

  const r = (app as FastifyInstance).withTypeProvider<ZodTypeProvider>();
  r.put(
    `${base}/objects`,
    {
      config: { authority: MANAGE, audit: { ...audit('upload'), detail: uploadDetail } },
      bodyLimit: UPLOAD_MAX_BYTES,
      schema: {
        tags: TAGS,
        summary:
          "Upload a file to `key`: the body is the file (up to 5 GiB), its Content-Type kept as the object's",
        params: bucketParamsSchema,
        querystring: keyQuerySchema,
        consumes: ['application/octet-stream', '*/*'],
        response: replies(objectEntrySchema),
      },
      preHandler: async (request) => {
        const outcome = await (async () => {
          const bucket = await ownBucket(resourceContext(request, deps.operations), request.params.name);
          const length = request.headers['content-length'];
          const entry = await uploadObject(
            backend,
            {
              s3Name: bucket.s3Name,
              key: request.query.key,
              contentType: request.headers['content-type'],
              declaredBytes: length === undefined ? undefined : Number(length),
            },
            bodies.get(request),
          );
          return { entry, bucketId: bucket.id };
        })().catch((error: unknown) => ({ error }));
        outcomes.set(request, outcome);
      },
    },
    async (request) => {
      const outcome = outcomes.get(request)!;
      if ('error' in outcome) throw outcome.error;
      await measures.request(resourceContext(request, deps.operations).db, outcome.bucketId);
      return { data: outcome.entry };
    },
  );
};

function uploadDetail(request: FastifyRequest, data: unknown) {
  const query = request.query as { key?: string };
  return {
    bucket: (request.params as { name: string }).name,
    key: query.key,
    ...(data ? { size: (data as ObjectEntry).size } : {}),
  };
}
