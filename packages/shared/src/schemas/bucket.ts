import { z } from 'zod';
import { BUCKET_NAME_MAX, LIFECYCLE_DAYS_MAX, OBJECT_PAGE_MAX, PRESIGN_MINUTES_MAX } from '../constants.js';
import {
  isBucketName,
  isResourceName,
  isStorageFolder,
  isTagKey,
  isTagValue,
} from '../validators/resources.js';
import { isKeyPrefix, isObjectKey, isObjectPrefix, keyStaysInBucket } from '../validators/object-key.js';
import { zRequired, zRule } from '../validators/zod.js';
import { pageQuerySchema } from './common.js';
import { resourceListQuery } from './resource.js';

/**
 * Object storage (route bucket, log code 10018; spec sections 2, 4 and 5). A bucket is named by
 * its name within the tenant; on the S3 service it lives under `s3Name` (storage/buckets on the
 * API), which is what S3 clients address.
 */
export const bucketSchema = z.object({
  name: z.string(),
  /** The bucket's name on the S3 service, for S3 clients and links. */
  s3Name: z.string(),
  isPublic: z.boolean(),
  /** Bytes and objects when last measured (the usage job; a change through the portal re-measures). */
  sizeBytes: z.number().int(),
  objectCount: z.number().int(),
  measuredAt: z.string().nullable(),
  createdAt: z.string(),
  /** The S3 endpoint customers' clients use (path-style), and its region. */
  endpoint: z.string(),
  region: z.string(),
  /** Whether the portal issues API secret keys on this S3 service (decision 0022). */
  keysIssued: z.boolean(),
});
export type Bucket = z.infer<typeof bucketSchema>;

export const BUCKET_SORTS = ['name', 'createdAt', 'sizeBytes'] as const;
export const bucketListQuerySchema = resourceListQuery(BUCKET_SORTS);
export type BucketListQuery = z.infer<typeof bucketListQuerySchema>;

export const bucketCreateSchema = z.object({
  name: zRequired(isBucketName),
  isPublic: z.boolean().default(false),
});
export type BucketCreate = z.input<typeof bucketCreateSchema>;

/** The permission tab: public read on or off. */
export const bucketUpdateSchema = z.object({ isPublic: z.boolean() });
export type BucketUpdate = z.infer<typeof bucketUpdateSchema>;

/** A bucket in a path: anything longer than a bucket name cannot be one. */
export const bucketParamsSchema = z.object({ name: z.string().max(BUCKET_NAME_MAX) });

// ---- Objects ----

/**
 * An object key: within its bucket however it resolves (ILLEGAL_OBJECT_KEY: no '.' or '..' part,
 * escaped or not, no empty part but a folder's last) and at most 1,024 bytes of UTF-8 (S3's limit,
 * KEY_TOO_LONG beyond). Every key and prefix of the API goes through these two schemas.
 */
export const objectKeySchema = zRule(isObjectKey, z.string({ error: 'validation.notEmpty' }));

/** A folder in a path: '' is the bucket's top, otherwise a key ending in '/'. */
export const objectPrefixSchema = zRule(isObjectPrefix, z.string()).default('');

export const objectListQuerySchema = z.object({
  prefix: objectPrefixSchema,
  /** The page after this one: the `nextCursor` of the previous answer. */
  cursor: z.string().max(2048).optional(),
  limit: z.coerce.number().int().min(1).max(OBJECT_PAGE_MAX).default(100),
});
export type ObjectListQuery = z.input<typeof objectListQuerySchema>;

/** A row of the object browser: a folder (key ends in '/') or a file. */
export const objectEntrySchema = z.object({
  key: z.string(),
  /** The last part of the key: what the row shows. */
  name: z.string(),
  type: z.enum(['folder', 'file']),
  /** Bytes; null for a folder. */
  size: z.number().int().nullable(),
  lastModified: z.string().nullable(),
});
export type ObjectEntry = z.infer<typeof objectEntrySchema>;

export const objectPageSchema = z.object({
  prefix: z.string(),
  /** Folders first, then files, in key order, as S3 lists them. */
  entries: z.array(objectEntrySchema),
  /** Ask again with this cursor for the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type ObjectPage = z.infer<typeof objectPageSchema>;

export const folderCreateSchema = z.object({
  prefix: objectPrefixSchema,
  name: zRequired(isStorageFolder),
});
export type FolderCreate = z.input<typeof folderCreateSchema>;

/** Rename a file or a folder (its key and every key under it) within its folder. */
export const objectRenameSchema = z.object({
  key: objectKeySchema,
  /** The new last part: no slash; a folder's letters and digits only. */
  newName: zRequired()
    .refine((n) => !n.includes('/'), 'validation.needBeS3Folder')
    .refine(keyStaysInBucket, 'validation.objectKeyPath'),
});
export type ObjectRename = z.infer<typeof objectRenameSchema>;

/** Copy or move files and folders into a folder (never a folder into itself: INVALID_DIRECTORY). */
export const objectTransferSchema = z.object({
  keys: z.array(objectKeySchema).min(1).max(1000),
  destination: objectPrefixSchema,
  mode: z.enum(['copy', 'move']),
});
export type ObjectTransfer = z.input<typeof objectTransferSchema>;

export const objectDeleteSchema = z.object({ keys: z.array(objectKeySchema).min(1).max(1000) });
export type ObjectDelete = z.infer<typeof objectDeleteSchema>;

/** A presigned link: minutes it lives (spec section 9: the unit is minutes). */
export const presignSchema = z.object({
  key: objectKeySchema,
  expiresMinutes: z
    .number({ error: 'validation.needBeInteger' })
    .int('validation.needBeInteger')
    .min(1, 'validation.presignMinutes')
    .max(PRESIGN_MINUTES_MAX, 'validation.presignMinutes'),
});
export type PresignBody = z.infer<typeof presignSchema>;
export const presignAnswerSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type PresignAnswer = z.infer<typeof presignAnswerSchema>;

/** What a transfer, delete or empty did. */
export const objectChangeAnswerSchema = z.object({ count: z.number().int() });

// ---- Lifecycle ----

export const lifecycleRuleSchema = z.object({
  id: z.string(),
  prefix: z.string(),
  tagKey: z.string().nullable(),
  tagValue: z.string().nullable(),
  expirationDays: z.number().int(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LifecycleRule = z.infer<typeof lifecycleRuleSchema>;

/** A rule by prefix and/or tag; both empty is the whole bucket. */
export const lifecycleRuleBodySchema = z
  .object({
    prefix: zRule(isKeyPrefix, z.string().trim()).default(''),
    tagKey: zRule(isTagKey).optional().or(z.literal('')),
    tagValue: zRule(isTagValue).optional(),
    expirationDays: z
      .number({ error: 'validation.needBePositiveInteger' })
      .int('validation.needBePositiveInteger')
      .min(1, 'validation.needBePositiveInteger')
      .max(LIFECYCLE_DAYS_MAX, 'validation.needBePositiveInteger'),
    enabled: z.boolean().default(true),
  })
  .superRefine((body, ctx) => {
    if (!body.tagKey && body.tagValue)
      ctx.addIssue({ code: 'custom', message: 'validation.notEmpty', path: ['tagKey'] });
  });
export type LifecycleRuleBody = z.input<typeof lifecycleRuleBodySchema>;

// ---- Usage ----

export const bucketUsageQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(365).default(30),
});
export const bucketUsageSampleSchema = z.object({
  at: z.string(),
  sizeBytes: z.number().int(),
  objectCount: z.number().int(),
});
export type BucketUsageSample = z.infer<typeof bucketUsageSampleSchema>;
export const bucketUsageSchema = z.object({ samples: z.array(bucketUsageSampleSchema) });
export type BucketUsage = z.infer<typeof bucketUsageSchema>;

// ---- API secret keys ----

export const bucketKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  accessKeyId: z.string(),
  /** The one bucket the key reaches; null: every bucket of the customer. */
  bucketName: z.string().nullable(),
  createdAt: z.string(),
});
export type BucketKey = z.infer<typeof bucketKeySchema>;

/** A new key: the only answer that carries its secret. */
export const bucketKeyCreatedSchema = bucketKeySchema.extend({ secretAccessKey: z.string() });
export type BucketKeyCreated = z.infer<typeof bucketKeyCreatedSchema>;

export const bucketKeyCreateSchema = z.object({
  name: zRequired(isResourceName),
  bucketName: z.string().max(BUCKET_NAME_MAX).nullable().default(null),
});
export type BucketKeyCreate = z.input<typeof bucketKeyCreateSchema>;

export const bucketKeyListQuerySchema = pageQuerySchema.extend({
  bucketName: z.string().max(BUCKET_NAME_MAX).optional(),
});
