import { GetObjectTaggingCommand, type _Object } from '@aws-sdk/client-s3';
import { asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database.js';
import { bucketLifecycleRules, buckets } from '../../../db/schema/index.js';
import type { Clock } from '../../../platform/clock.js';
import type { Jobs } from '../../../platform/jobs/index.js';
import type { BucketBackend, LifecycleRuleSpec } from '../../../storage/buckets/bucket-backend.js';
import { s3 } from '../../../storage/buckets/s3-errors.js';
import { deleteObjectsWhere } from '../bucket/bucket-measure.js';
import type { MeasureRequests } from '../bucket/bucket-measure-queue.js';
import { ruleSpec } from './lifecycle-rules.js';

export const LIFECYCLE_EXPIRY_QUEUE = 'bucket-lifecycle-expiry';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface LifecycleExpiryDeps {
  db: Db;
  clock: Clock;
  backend: BucketBackend;
  measures: MeasureRequests;
  log: FastifyBaseLogger;
}

/** Whether the object is old enough for the rule and under its prefix (its tag is asked apart). */
const dueBy = (rule: LifecycleRuleSpec, object: _Object, now: number) =>
  (object.Key ?? '').startsWith(rule.prefix) &&
  object.LastModified !== undefined &&
  object.LastModified.getTime() + rule.expirationDays * DAY_MS <= now;

/**
 * The portal's side of lifecycle on a service that has none (the embedded server, decision 0022):
 * objects an enabled rule matches (prefix, and tag when the rule has one) whose last write is at
 * least its days ago are deleted, a batch at a time, and the bucket is measured again.
 */
export function createLifecycleExpiry({ db, clock, backend, measures, log }: LifecycleExpiryDeps) {
  async function tagsOf(s3Name: string, key: string): Promise<Map<string, string>> {
    const answer = await s3(() =>
      backend.client.send(new GetObjectTaggingCommand({ Bucket: s3Name, Key: key })),
    );
    return new Map((answer.TagSet ?? []).map((t) => [t.Key ?? '', t.Value ?? '']));
  }

  /** Expire one bucket's objects by its rules; how many were deleted. */
  async function expireBucket(
    bucket: { id: string; s3Name: string },
    rules: LifecycleRuleSpec[],
    now: number,
  ) {
    const deleted = await deleteObjectsWhere(backend, bucket.s3Name, async (object) => {
      const due = rules.filter((rule) => dueBy(rule, object, now));
      if (due.length === 0) return false;
      if (due.some((rule) => !rule.tag)) return true;
      const tags = await tagsOf(bucket.s3Name, object.Key!);
      return due.some((rule) => rule.tag && tags.get(rule.tag.key) === rule.tag.value);
    });
    if (deleted > 0) await db.transaction((tx) => measures.request(tx, bucket.id));
    return deleted;
  }

  return {
    /**
     * Every bucket with an enabled rule, one after another; a bucket the service fails on is
     * logged and left for the next run. Answers how many objects were deleted in all.
     */
    async runDue(): Promise<number> {
      const now = clock.now().getTime();
      const rows = await db
        .select({ rule: bucketLifecycleRules, s3Name: buckets.s3Name })
        .from(bucketLifecycleRules)
        .innerJoin(buckets, eq(buckets.id, bucketLifecycleRules.bucketId))
        .where(eq(bucketLifecycleRules.enabled, true))
        .orderBy(asc(bucketLifecycleRules.bucketId), asc(bucketLifecycleRules.createdAt));
      const byBucket = new Map<string, { s3Name: string; rules: LifecycleRuleSpec[] }>();
      for (const { rule, s3Name } of rows) {
        const entry = byBucket.get(rule.bucketId) ?? { s3Name, rules: [] };
        entry.rules.push(ruleSpec(rule));
        byBucket.set(rule.bucketId, entry);
      }
      let deleted = 0;
      for (const [id, { s3Name, rules }] of byBucket) {
        try {
          deleted += await expireBucket({ id, s3Name }, rules, now);
        } catch (error) {
          log.error({ err: error, bucket: s3Name }, 'lifecycle expiry failed for a bucket');
        }
      }
      return deleted;
    },
  };
}

export type LifecycleExpiry = ReturnType<typeof createLifecycleExpiry>;

/** Expire objects every 10 minutes (a pg-boss schedule: one run across all instances). */
export async function scheduleLifecycleExpiry(jobs: Jobs, expiry: LifecycleExpiry): Promise<void> {
  await jobs.schedule(LIFECYCLE_EXPIRY_QUEUE, '*/10 * * * *', async () => void (await expiry.runDue()));
}
