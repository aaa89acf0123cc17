import { and, eq, isNotNull } from 'drizzle-orm';
import {
  bucketParamsSchema,
  isBucketName,
  type BucketCreate,
  type BucketUpdate,
  bucketContract,
} from '@portal/shared';
import { bucketKeys, buckets } from '../../../db/schema/index.js';
import { AppError, isUniqueViolation } from '../../../platform/errors.js';
import type { ResourceContext } from '../../../platform/resources/context.js';
import { defineResource } from '../../../platform/resources/declaration.js';
import { ownedIds } from '../../../platform/resources/list-query.js';
import type { BucketBackend } from '../../../storage/buckets/bucket-backend.js';
import { s3BucketName } from '../../../storage/buckets/bucket-names.js';
import { s3 } from '../../../storage/buckets/s3-errors.js';
import { deleteObjectsWhere, isEmpty } from './bucket-measure.js';
import type { MeasureRequests } from './bucket-measure-queue.js';
import { getBucket, listBuckets, ownBucket } from './bucket-repository.js';

export interface BucketDeps {
  backend: BucketBackend;
  measures: MeasureRequests;
}

/**
 * Buckets (route bucket, log code 10018). The row is written and the S3 bucket made in the
 * request's transaction: when S3 refuses, nothing is kept.
 */
export function bucketResource({ backend, measures }: BucketDeps) {
  async function createBucket(ctx: ResourceContext, body: BucketCreate) {
    const s3Name = s3BucketName(ctx.clientId, body.name);
    try {
      await ctx.db.transaction(async (tx) => {
        await tx
          .insert(buckets)
          .values({ clientId: ctx.clientId, name: body.name, s3Name, isPublic: body.isPublic });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(400, 'BUCKET_ALREADY_EXISTS');
      throw error;
    }
    await s3(() => backend.createBucket(s3Name));
    if (body.isPublic) await s3(() => backend.setPublic(s3Name, true));
    return getBucket(ctx, backend, body.name);
  }

  async function updateBucket(ctx: ResourceContext, name: string, body: BucketUpdate) {
    const bucket = await ownBucket(ctx, name, 'update');
    await ctx.db
      .update(buckets)
      .set({ isPublic: body.isPublic })
      .where(ctx.own(buckets, eq(buckets.id, bucket.id)));
    await s3(() => backend.setPublic(bucket.s3Name, body.isPublic));
    return getBucket(ctx, backend, name);
  }

  async function deleteBucket(ctx: ResourceContext, name: string) {
    const bucket = await ownBucket(ctx, name, 'update');
    const before = await getBucket(ctx, backend, name);
    // The S3 service's word, not the last measure: a client may have written since.
    if (!(await isEmpty(backend, bucket.s3Name))) throw new AppError(400, 'BUCKET_NOT_EMPTY');
    const scoped = await ctx.db
      .select({ accessKeyId: bucketKeys.accessKeyId })
      .from(bucketKeys)
      .where(ctx.own(bucketKeys, and(isNotNull(bucketKeys.bucketId), eq(bucketKeys.bucketId, bucket.id))));
    await ctx.db.delete(buckets).where(ctx.own(buckets, eq(buckets.id, bucket.id)));
    await s3(() => backend.deleteBucket(bucket.s3Name));
    await backend.setPublic(bucket.s3Name, false);
    for (const key of scoped) await backend.keys?.revoke(key.accessKeyId);
    return before;
  }

  /** Deletes every object, 1,000 at a time (S3's most per call); the bucket stays. */
  async function emptyBucket(ctx: ResourceContext, name: string) {
    const bucket = await ownBucket(ctx, name, 'update');
    await deleteObjectsWhere(backend, bucket.s3Name, () => true);
    await ctx.db
      .update(buckets)
      .set({ sizeBytes: 0, objectCount: 0 })
      .where(ctx.own(buckets, eq(buckets.id, bucket.id)));
    await measures.request(ctx.db, bucket.id);
    return getBucket(ctx, backend, name);
  }

  return defineResource(bucketContract, {
    table: buckets,
    notFound: 'NO_SUCH_BUCKET',
    key: {
      param: 'name',
      schema: bucketParamsSchema.shape.name,
      read: (value) => (isBucketName(value) === true ? value : null),
    },
    idOf: (bucket) => bucket.name,
    list: (ctx, query) => listBuckets(ctx, backend, query),
    get: (ctx, name) => getBucket(ctx, backend, name),
    owned: (ctx, names) => ownedIds(ctx, buckets, names, buckets.name),
    create: {
      summary: 'Create a bucket (name: 3-63 lower-case letters, digits and hyphens; ILLEGAL_BUCKET_NAME)',
      handler: createBucket,
    },
    update: {
      summary: 'Make the bucket public (anyone may read its objects) or private',
      handler: updateBucket,
    },
    remove: {
      summary: 'Delete an empty bucket (BUCKET_NOT_EMPTY otherwise); the login password confirms it',
      handler: deleteBucket,
    },
    actions: {
      empty: {
        summary: 'Delete every object of the bucket; the login password confirms it',
        handler: emptyBucket,
      },
    },
  });
}
