import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.js';
import { buckets } from '../../../db/schema/index.js';
import type { Clock } from '../../../platform/clock.js';
import type { Jobs } from '../../../platform/jobs/index.js';
import type { BucketBackend } from '../../../storage/buckets/bucket-backend.js';
import { measureBucket } from './bucket-measure.js';

/** A bucket whose objects changed through the portal is measured again, once, soon after. */
export const BUCKET_MEASURE_QUEUE = 'bucket-measure';

export interface MeasureRequests {
  /** Queue a new measure of the bucket in the request's transaction (one waits per bucket). */
  request(tx: Db, bucketId: string): Promise<void>;
}

export async function attachMeasureQueue(deps: {
  db: Db;
  jobs: Jobs;
  clock: Clock;
  backend: BucketBackend;
}): Promise<MeasureRequests> {
  const { db, jobs, clock, backend } = deps;
  await jobs.work<{ bucketId: string }>(BUCKET_MEASURE_QUEUE, async ({ bucketId }) => {
    const [bucket] = await db
      .select({ id: buckets.id, s3Name: buckets.s3Name })
      .from(buckets)
      .where(eq(buckets.id, bucketId));
    // Deleted meanwhile: nothing to measure.
    if (bucket) await measureBucket(db, backend, bucket, clock.now());
  });
  return {
    async request(tx, bucketId) {
      await jobs.send(BUCKET_MEASURE_QUEUE, { bucketId }, { tx, singletonKey: bucketId, retryLimit: 3 });
    },
  };
}
