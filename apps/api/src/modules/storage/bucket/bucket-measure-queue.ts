import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.js';
import { buckets } from '../../../db/schema/index.js';
import type { Clock } from '../../../platform/clock.js';
import type { Jobs } from '../../../platform/jobs/index.js';
import type { BucketBackend } from '../../../storage/buckets/bucket-backend.js';
import { measureBucket } from './bucket-measure.js';

/**
 * A bucket whose objects changed through the portal is measured again soon after. Requests are not
 * merged by a singleton key (a measure already running may have listed before the change); a job
 * is skipped instead when a measure that started after it was asked for has been kept.
 */
export const BUCKET_MEASURE_QUEUE = 'bucket-measure';

export interface MeasureRequests {
  /** Queue a new measure of the bucket in the request's transaction. */
  request(tx: Db, bucketId: string): Promise<void>;
}

export async function attachMeasureQueue(deps: {
  db: Db;
  jobs: Jobs;
  clock: Clock;
  backend: BucketBackend;
}): Promise<MeasureRequests> {
  const { db, jobs, clock, backend } = deps;
  await jobs.work<{ bucketId: string; requestedAt: string }>(BUCKET_MEASURE_QUEUE, async (job) => {
    const [bucket] = await db
      .select({ id: buckets.id, s3Name: buckets.s3Name, measuredAt: buckets.measuredAt })
      .from(buckets)
      .where(eq(buckets.id, job.bucketId));
    // Deleted meanwhile: nothing to measure.
    if (!bucket) return;
    if (bucket.measuredAt && bucket.measuredAt.getTime() > Date.parse(job.requestedAt)) return;
    await measureBucket(db, backend, bucket, clock.now());
  });
  return {
    async request(tx, bucketId) {
      const requestedAt = clock.now().toISOString();
      await jobs.send(BUCKET_MEASURE_QUEUE, { bucketId, requestedAt }, { tx, retryLimit: 3 });
    },
  };
}
