import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, sortIndexes, tenantColumns } from './columns.js';
import { users } from './users.js';

/**
 * Object storage (issue 12, decision 0022). The objects live on the S3 service; the portal keeps
 * what S3 does not: whose a bucket is and its name in the portal, the last measure of its size,
 * lifecycle rules (carried out by the portal's job on the embedded server), the usage history and
 * the customers' API secret keys.
 */

/** A bucket: `name` is the tenant's, `s3_name` the S3 service's (storage/buckets/bucket-names.ts). */
export const buckets = pgTable(
  'buckets',
  {
    ...tenantColumns(),
    name: text('name').notNull(),
    s3Name: text('s3_name').notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    objectCount: integer('object_count').notNull().default(0),
    measuredAt: timestamp('measured_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('buckets_client_name_idx').on(t.clientId, t.name),
    uniqueIndex('buckets_s3_name_idx').on(t.s3Name),
    ...sortIndexes('buckets', t, { created: t.createdAt, size: t.sizeBytes }),
  ],
);
export type BucketRow = typeof buckets.$inferSelect;

/** Expire objects `expiration_days` after they were last written, by prefix and/or tag. */
export const bucketLifecycleRules = pgTable(
  'bucket_lifecycle_rules',
  {
    ...tenantColumns(),
    bucketId: uuid('bucket_id')
      .notNull()
      .references(() => buckets.id, { onDelete: 'cascade' }),
    prefix: text('prefix').notNull().default(''),
    tagKey: text('tag_key'),
    tagValue: text('tag_value'),
    expirationDays: integer('expiration_days').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('bucket_lifecycle_rules_bucket_idx').on(t.bucketId, t.createdAt)],
);
export type BucketLifecycleRuleRow = typeof bucketLifecycleRules.$inferSelect;

/** A bucket's size and object count at a moment (the usage tab's chart). */
export const bucketUsageSamples = pgTable(
  'bucket_usage_samples',
  {
    bucketId: uuid('bucket_id')
      .notNull()
      .references(() => buckets.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    objectCount: integer('object_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucketId, t.at] })],
);

/**
 * A customer's S3 key pair. The secret is shown once and kept sealed (platform/secret-box.ts): the
 * embedded server must be told it again at each start.
 */
export const bucketKeys = pgTable(
  'bucket_keys',
  {
    ...tenantColumns(),
    name: text('name').notNull(),
    accessKeyId: text('access_key_id').notNull(),
    secretSealed: text('secret_sealed').notNull(),
    /** The one bucket it reaches; null: all the customer's buckets. */
    bucketId: uuid('bucket_id').references(() => buckets.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bucket_keys_access_key_idx').on(t.accessKeyId),
    ...sortIndexes('bucket_keys', t, { created: t.createdAt }),
  ],
);
export type BucketKeyRow = typeof bucketKeys.$inferSelect;
