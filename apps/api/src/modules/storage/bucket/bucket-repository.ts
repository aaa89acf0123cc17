import { eq, type SQL } from 'drizzle-orm';
import type { Bucket, BucketListQuery } from '@portal/shared';
import { buckets, type BucketRow } from '../../../db/schema/index.js';
import { AppError } from '../../../platform/errors.js';
import type { ResourceContext } from '../../../platform/resources/context.js';
import {
  isoText,
  orderOf,
  pageWithTotal,
  readRows,
  searchOf,
  sentAs,
} from '../../../platform/resources/list-query.js';
import type { BucketBackend } from '../../../storage/buckets/bucket-backend.js';

/** No bucket of that name is the caller's (another tenant's of the same name is none either). */
export const noSuchBucket = () => new AppError(404, 'NO_SUCH_BUCKET');

const bucketColumns = sentAs({
  name: buckets.name,
  s3Name: buckets.s3Name,
  isPublic: buckets.isPublic,
  sizeBytes: buckets.sizeBytes,
  objectCount: buckets.objectCount,
  measuredAt: isoText(buckets.measuredAt),
  createdAt: isoText(buckets.createdAt) as SQL<string>,
});

type StoredBucket = Omit<Bucket, 'endpoint' | 'region' | 'keysIssued'>;

/** The S3 service's side of every bucket: where clients reach it, and whether keys are issued. */
const withService =
  (backend: BucketBackend) =>
  (row: StoredBucket): Bucket => ({
    ...row,
    sizeBytes: Number(row.sizeBytes),
    endpoint: backend.publicEndpoint,
    region: backend.region,
    keysIssued: backend.keys !== null,
  });

export async function listBuckets(ctx: ResourceContext, backend: BucketBackend, query: BucketListQuery) {
  const order = orderOf(
    { name: buckets.name, createdAt: buckets.createdAt, sizeBytes: buckets.sizeBytes },
    buckets.id,
    query,
    { sort: 'createdAt', orderby: 'desc' },
  );
  const { rows, total } = await pageWithTotal<StoredBucket>(
    ctx,
    ctx.db.select(bucketColumns).from(buckets).$dynamic(),
    buckets,
    [searchOf(query.search, [buckets.name])],
    order,
    query,
  );
  return { records: rows.map(withService(backend)), total };
}

export async function getBucket(ctx: ResourceContext, backend: BucketBackend, name: string): Promise<Bucket> {
  const [row] = await readRows<StoredBucket>(
    ctx,
    ctx.db
      .select(bucketColumns)
      .from(buckets)
      .where(ctx.own(buckets, eq(buckets.name, name))),
  );
  if (!row) throw noSuchBucket();
  return withService(backend)(row);
}

/**
 * The caller's bucket row of this name (locked for a change, or shared while its objects change);
 * 404 NO_SUCH_BUCKET when it has none of that name.
 */
export async function ownBucket(
  ctx: ResourceContext,
  name: string,
  lock?: 'update' | 'share',
): Promise<BucketRow> {
  const query = ctx.db
    .select()
    .from(buckets)
    .where(ctx.own(buckets, eq(buckets.name, name)));
  const [row] = await (lock ? query.for(lock) : query);
  if (!row) throw noSuchBucket();
  return row;
}
