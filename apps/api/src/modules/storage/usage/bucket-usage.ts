import { and, asc, eq, gte, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { BucketUsage, BucketUsageSample } from '@portal/shared';
import type { Db } from '../../../db/database.js';
import { buckets, bucketUsageSamples } from '../../../db/schema/index.js';
import type { Clock } from '../../../platform/clock.js';
import type { Jobs } from '../../../platform/jobs/index.js';
import type { ResourceContext } from '../../../platform/resources/context.js';
import { isoText, readRows, sentAs } from '../../../platform/resources/list-query.js';
import type { BucketBackend } from '../../../storage/buckets/bucket-backend.js';
import { ownBucket } from '../bucket/bucket-repository.js';
import { measureBucket } from '../bucket/bucket-measure.js';

export const BUCKET_USAGE_QUEUE = 'bucket-usage';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Buckets measured at once: each is a listing of the whole bucket on the S3 service. */
const CONCURRENCY = 4;

const sampleColumns = sentAs({
  at: isoText(bucketUsageSamples.at) as SQL<string>,
  sizeBytes: bucketUsageSamples.sizeBytes,
  objectCount: bucketUsageSamples.objectCount,
});

/** The bucket's samples of the last `days` days, oldest first (the usage tab's chart). */
export async function bucketUsage(
  ctx: ResourceContext,
  clock: Clock,
  name: string,
  days: number,
): Promise<BucketUsage> {
  const bucket = await ownBucket(ctx, name);
  const since = new Date(clock.now().getTime() - days * DAY_MS);
  const rows = await readRows<BucketUsageSample>(
    ctx,
    ctx.db
      .select(sampleColumns)
      .from(bucketUsageSamples)
      .where(and(eq(bucketUsageSamples.bucketId, bucket.id), gte(bucketUsageSamples.at, since)))
      .orderBy(asc(bucketUsageSamples.at)),
  );
  return { samples: rows.map((r) => ({ ...r, sizeBytes: Number(r.sizeBytes) })) };
}

/**
 * Measures every bucket (a sample each for the usage chart), a few at a time. A bucket the service
 * fails on is logged and measured at the next run; the others are measured all the same.
 */
export function createUsageSampler(deps: {
  db: Db;
  clock: Clock;
  backend: BucketBackend;
  log: FastifyBaseLogger;
}) {
  const { db, clock, backend, log } = deps;
  return {
    /** How many buckets were measured. */
    async measureAll(): Promise<number> {
      const at = clock.now();
      const all = await db.select({ id: buckets.id, s3Name: buckets.s3Name }).from(buckets);
      let next = 0;
      let measured = 0;
      const worker = async () => {
        while (next < all.length) {
          const bucket = all[next++]!;
          try {
            await measureBucket(db, backend, bucket, at);
            measured++;
          } catch (error) {
            log.error({ err: error, bucket: bucket.s3Name }, 'bucket usage measure failed');
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, all.length) }, worker));
      return measured;
    },
  };
}

export type UsageSampler = ReturnType<typeof createUsageSampler>;

/** Every bucket measured at the top of each hour (a pg-boss schedule: one run across instances). */
export async function scheduleBucketUsage(jobs: Jobs, sampler: UsageSampler): Promise<void> {
  await jobs.schedule(BUCKET_USAGE_QUEUE, '0 * * * *', async () => void (await sampler.measureAll()));
}
