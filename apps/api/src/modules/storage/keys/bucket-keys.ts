import { randomBytes, randomInt } from 'node:crypto';
import { count, desc, eq, isNull, or, type SQL } from 'drizzle-orm';
import {
  BUCKET_KEYS_MAX,
  type BucketKey,
  type BucketKeyCreated,
  type bucketKeyCreateSchema,
  type bucketKeyListQuerySchema,
} from '@portal/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../../db/database.js';
import { bucketKeys, buckets } from '../../../db/schema/index.js';
import type { Clock } from '../../../platform/clock.js';
import { AppError, notFound } from '../../../platform/errors.js';
import { isUuid } from '../../../platform/ids.js';
import type { ResourceContext } from '../../../platform/resources/context.js';
import { isoText, pageOf, readRows, sentAs } from '../../../platform/resources/list-query.js';
import { lockParent } from '../../../platform/resources/parent-lock.js';
import type { SecretBox } from '../../../platform/secret-box.js';
import type { BucketBackend } from '../../../storage/buckets/bucket-backend.js';
import { tenantBucketPrefix } from '../../../storage/buckets/bucket-names.js';
import { ownBucket } from '../bucket/bucket-repository.js';

const KEY_ID_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** An access key id shaped like AWS's: "AKIA" and 16 upper-case letters or digits, 20 in all. */
export const newAccessKeyId = () =>
  `AKIA${Array.from({ length: 16 }, () => KEY_ID_LETTERS[randomInt(KEY_ID_LETTERS.length)]).join('')}`;

/** A secret shaped like AWS's: 40 characters of base64 (240 random bits). */
export const newSecretAccessKey = () => randomBytes(30).toString('base64');

/** Where a key's secret is sealed: it opens only on its tenant's row of that access key id. */
export const keySealContext = (clientId: string, accessKeyId: string) =>
  `bucket-key:${clientId}:${accessKeyId}`;

const keyColumns = sentAs({
  id: bucketKeys.id,
  name: bucketKeys.name,
  accessKeyId: bucketKeys.accessKeyId,
  bucketName: buckets.name,
  createdAt: isoText(bucketKeys.createdAt) as SQL<string>,
});

type KeyCreate = z.output<typeof bucketKeyCreateSchema>;
type KeyListQuery = z.output<typeof bucketKeyListQuerySchema>;

const notIssued = () => new AppError(400, 'BUCKET_KEYS_NOT_ISSUED');

/**
 * Customers' API secret keys (decision 0022): an S3 key pair reaching every bucket of the customer
 * or one of them. The secret is answered once, at creation, and kept sealed; the S3 service is
 * told the key when it is made and forgets it when it is deleted.
 */
export function bucketKeyService(deps: { backend: BucketBackend; secrets: SecretBox; clock: Clock }) {
  const { backend, secrets, clock } = deps;

  async function getKey(ctx: ResourceContext, id: string): Promise<BucketKey | undefined> {
    const [row] = await readRows<BucketKey>(
      ctx,
      ctx.db
        .select(keyColumns)
        .from(bucketKeys)
        .leftJoin(buckets, eq(buckets.id, bucketKeys.bucketId))
        .where(ctx.own(bucketKeys, eq(bucketKeys.id, id))),
    );
    return row;
  }

  return {
    /**
     * The customer's keys, newest first, a page at a time; `bucketName`: the keys that reach that
     * bucket (its own and those of every bucket), as its key tab lists them.
     */
    async list(ctx: ResourceContext, query: KeyListQuery) {
      const where = ctx.own(
        bucketKeys,
        query.bucketName === undefined
          ? undefined
          : or(eq(buckets.name, query.bucketName), isNull(bucketKeys.bucketId)),
      );
      const page = pageOf(query);
      const rows = ctx.db
        .select(keyColumns)
        .from(bucketKeys)
        .leftJoin(buckets, eq(buckets.id, bucketKeys.bucketId))
        .where(where)
        .orderBy(desc(bucketKeys.createdAt), desc(bucketKeys.id));
      const [records, [total]] = await Promise.all([
        readRows<BucketKey>(
          ctx,
          page.limit === undefined ? rows : rows.limit(page.limit).offset(page.offset),
        ),
        ctx.db
          .select({ n: count() })
          .from(bucketKeys)
          .leftJoin(buckets, eq(buckets.id, bucketKeys.bucketId))
          .where(where),
      ]);
      return { records, total: total?.n ?? 0, page: query.page, limit: query.limit };
    },

    async create(ctx: ResourceContext, body: KeyCreate): Promise<BucketKeyCreated> {
      const issuer = backend.keys;
      if (!issuer) throw notIssued();
      // One creation at a time per customer: two at once cannot both pass the limit.
      await lockParent(ctx.db, 'bucket-keys', ctx.clientId);
      const [held] = await ctx.db.select({ n: count() }).from(bucketKeys).where(ctx.own(bucketKeys));
      if ((held?.n ?? 0) >= BUCKET_KEYS_MAX) throw new AppError(400, 'BUCKET_KEYS_OVER_LIMIT');
      const bucket = body.bucketName === null ? null : await ownBucket(ctx, body.bucketName, 'share');
      const accessKeyId = newAccessKeyId();
      const secretAccessKey = newSecretAccessKey();
      const [row] = await ctx.db
        .insert(bucketKeys)
        .values({
          clientId: ctx.clientId,
          name: body.name,
          accessKeyId,
          secretSealed: secrets.seal(secretAccessKey, keySealContext(ctx.clientId, accessKeyId)),
          bucketId: bucket?.id ?? null,
          createdBy: ctx.auth.user.id,
          createdAt: clock.now(),
        })
        .returning({ id: bucketKeys.id });
      await issuer.grant({
        accessKeyId,
        secretAccessKey,
        tenantPrefix: tenantBucketPrefix(ctx.clientId),
        ...(bucket ? { bucket: bucket.s3Name } : {}),
      });
      const created = await getKey(ctx, row!.id);
      return { ...created!, secretAccessKey };
    },

    /** Delete the key; the S3 service refuses it from then on. The answer is the key as it was. */
    async remove(ctx: ResourceContext, id: string): Promise<BucketKey> {
      if (!isUuid(id)) throw notFound();
      const key = await getKey(ctx, id.toLowerCase());
      if (!key) throw notFound();
      await ctx.db.delete(bucketKeys).where(ctx.own(bucketKeys, eq(bucketKeys.id, key.id)));
      await backend.keys?.revoke(key.accessKeyId);
      return key;
    },
  };
}

export type BucketKeyService = ReturnType<typeof bucketKeyService>;

/**
 * A forgetful service (the embedded server) hears every stored key again at the portal's start:
 * each secret is opened for the call, with its reach (the tenant's buckets or its one bucket).
 */
export async function restoreBucketKeys(
  db: Db,
  backend: BucketBackend,
  secrets: SecretBox,
  log?: FastifyBaseLogger,
): Promise<number> {
  const issuer = backend.keys;
  if (!issuer) return 0;
  const rows = await db
    .select({
      clientId: bucketKeys.clientId,
      accessKeyId: bucketKeys.accessKeyId,
      secretSealed: bucketKeys.secretSealed,
      s3Name: buckets.s3Name,
    })
    .from(bucketKeys)
    .leftJoin(buckets, eq(buckets.id, bucketKeys.bucketId));
  let granted = 0;
  for (const row of rows) {
    let secretAccessKey: string;
    try {
      secretAccessKey = secrets.open(row.secretSealed, keySealContext(row.clientId, row.accessKeyId));
    } catch (error) {
      // Sealed under another key (SECRETS_KEY changed): this key stays refused; the others work.
      log?.error({ err: error, accessKeyId: row.accessKeyId }, 'a bucket key could not be opened');
      continue;
    }
    await issuer.grant({
      accessKeyId: row.accessKeyId,
      secretAccessKey,
      tenantPrefix: tenantBucketPrefix(row.clientId),
      ...(row.s3Name ? { bucket: row.s3Name } : {}),
    });
    granted++;
  }
  return granted;
}
