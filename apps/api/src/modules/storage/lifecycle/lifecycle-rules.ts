import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { LIFECYCLE_RULES_MAX, type lifecycleRuleBodySchema, type LifecycleRule } from '@portal/shared';
import type { Db } from '../../../db/database.js';
import { bucketLifecycleRules, type BucketLifecycleRuleRow } from '../../../db/schema/index.js';
import type { Clock } from '../../../platform/clock.js';
import { AppError } from '../../../platform/errors.js';
import { isUuid } from '../../../platform/ids.js';
import type { ResourceContext } from '../../../platform/resources/context.js';
import { isoText, readRows, sentAs } from '../../../platform/resources/list-query.js';
import type { BucketBackend, LifecycleRuleSpec } from '../../../storage/buckets/bucket-backend.js';
import { s3 } from '../../../storage/buckets/s3-errors.js';
import { ownBucket } from '../bucket/bucket-repository.js';

/** No rule of that id on the caller's bucket (another tenant's rule is none either). */
export const noSuchRule = () => new AppError(404, 'LIFECYCLE_RULE_NOT_FOUND');

const ruleColumns = sentAs({
  id: bucketLifecycleRules.id,
  prefix: bucketLifecycleRules.prefix,
  tagKey: bucketLifecycleRules.tagKey,
  tagValue: bucketLifecycleRules.tagValue,
  expirationDays: bucketLifecycleRules.expirationDays,
  enabled: bucketLifecycleRules.enabled,
  createdAt: isoText(bucketLifecycleRules.createdAt) as SQL<string>,
  updatedAt: isoText(bucketLifecycleRules.updatedAt) as SQL<string>,
});

/** A rule's body as the route's schema parsed it (defaults filled in). */
export type RuleFields = z.output<typeof lifecycleRuleBodySchema>;

/** The stored fields of a rule as sent: an empty tag key is no tag. */
function fieldsOf(body: RuleFields) {
  const tagKey = body.tagKey ? body.tagKey : null;
  return {
    prefix: body.prefix,
    tagKey,
    tagValue: tagKey === null ? null : (body.tagValue ?? ''),
    expirationDays: body.expirationDays,
    enabled: body.enabled,
  };
}

/** A rule as the S3 service is told it (and as the portal's expiry job reads it). */
export const ruleSpec = (
  row: Pick<BucketLifecycleRuleRow, 'id' | 'prefix' | 'tagKey' | 'tagValue' | 'expirationDays' | 'enabled'>,
): LifecycleRuleSpec => ({
  id: row.id,
  prefix: row.prefix,
  ...(row.tagKey ? { tag: { key: row.tagKey, value: row.tagValue ?? '' } } : {}),
  expirationDays: row.expirationDays,
  enabled: row.enabled,
});

/** A bucket's rules, oldest first. */
async function rulesOf(ctx: ResourceContext, bucketId: string): Promise<LifecycleRule[]> {
  return readRows<LifecycleRule>(
    ctx,
    ctx.db
      .select(ruleColumns)
      .from(bucketLifecycleRules)
      .where(ctx.own(bucketLifecycleRules, eq(bucketLifecycleRules.bucketId, bucketId)))
      .orderBy(asc(bucketLifecycleRules.createdAt), asc(bucketLifecycleRules.id)),
  );
}

/**
 * Lifecycle rules of a bucket (the bucket's lifecycle tab). Each change is one transaction (the
 * audited route's); on a service that keeps lifecycle itself the bucket's whole rule set is put
 * in that request, so a refusal by the service leaves the rules as they were. On the embedded
 * server the portal's job (lifecycle-expiry.ts) carries the rules out.
 */
export function lifecycleRules(deps: { backend: BucketBackend; clock: Clock }) {
  const { backend, clock } = deps;

  /** The service's copy of the bucket's rules, after a change in this transaction. */
  async function tellService(db: Db, bucket: { id: string; s3Name: string }) {
    if (backend.lifecycle !== 'service') return;
    const rows = await db
      .select()
      .from(bucketLifecycleRules)
      .where(eq(bucketLifecycleRules.bucketId, bucket.id))
      .orderBy(asc(bucketLifecycleRules.createdAt), asc(bucketLifecycleRules.id));
    await s3(() => backend.putLifecycle(bucket.s3Name, rows.map(ruleSpec)));
  }

  /** The caller's rule of this id on this bucket, locked; 404 LIFECYCLE_RULE_NOT_FOUND otherwise. */
  async function ownRule(ctx: ResourceContext, bucketId: string, id: string) {
    if (!isUuid(id)) throw noSuchRule();
    const [row] = await ctx.db
      .select({ id: bucketLifecycleRules.id })
      .from(bucketLifecycleRules)
      .where(
        ctx.own(
          bucketLifecycleRules,
          and(eq(bucketLifecycleRules.bucketId, bucketId), eq(bucketLifecycleRules.id, id.toLowerCase())),
        ),
      )
      .for('update');
    if (!row) throw noSuchRule();
    return row.id;
  }

  async function getRule(ctx: ResourceContext, id: string): Promise<LifecycleRule> {
    const [row] = await readRows<LifecycleRule>(
      ctx,
      ctx.db
        .select(ruleColumns)
        .from(bucketLifecycleRules)
        .where(ctx.own(bucketLifecycleRules, eq(bucketLifecycleRules.id, id))),
    );
    if (!row) throw noSuchRule();
    return row;
  }

  return {
    async list(ctx: ResourceContext, name: string) {
      const bucket = await ownBucket(ctx, name);
      const records = await rulesOf(ctx, bucket.id);
      return { records, total: records.length, page: 0, limit: 0 };
    },

    async create(ctx: ResourceContext, name: string, body: RuleFields) {
      // Locked: two rules added at once cannot pass the limit together.
      const bucket = await ownBucket(ctx, name, 'update');
      const [held] = await ctx.db
        .select({ n: count() })
        .from(bucketLifecycleRules)
        .where(ctx.own(bucketLifecycleRules, eq(bucketLifecycleRules.bucketId, bucket.id)));
      if ((held?.n ?? 0) >= LIFECYCLE_RULES_MAX) throw new AppError(400, 'LIFECYCLE_RULES_OVER_LIMIT');
      const now = clock.now();
      const [row] = await ctx.db
        .insert(bucketLifecycleRules)
        .values({
          clientId: ctx.clientId,
          bucketId: bucket.id,
          ...fieldsOf(body),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: bucketLifecycleRules.id });
      await tellService(ctx.db, bucket);
      return getRule(ctx, row!.id);
    },

    async update(ctx: ResourceContext, name: string, id: string, body: RuleFields) {
      const bucket = await ownBucket(ctx, name, 'update');
      const ruleId = await ownRule(ctx, bucket.id, id);
      await ctx.db
        .update(bucketLifecycleRules)
        .set({ ...fieldsOf(body), updatedAt: clock.now() })
        .where(ctx.own(bucketLifecycleRules, eq(bucketLifecycleRules.id, ruleId)));
      await tellService(ctx.db, bucket);
      return getRule(ctx, ruleId);
    },

    async remove(ctx: ResourceContext, name: string, id: string) {
      const bucket = await ownBucket(ctx, name, 'update');
      const ruleId = await ownRule(ctx, bucket.id, id);
      const before = await getRule(ctx, ruleId);
      await ctx.db
        .delete(bucketLifecycleRules)
        .where(ctx.own(bucketLifecycleRules, eq(bucketLifecycleRules.id, ruleId)));
      await tellService(ctx.db, bucket);
      return before;
    },
  };
}

export type LifecycleRules = ReturnType<typeof lifecycleRules>;
