import { DeleteObjectsCommand, ListObjectsV2Command, type _Object } from '@aws-sdk/client-s3';
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../../db/database.js';
import { buckets, bucketUsageSamples } from '../../../db/schema/index.js';
import type { BucketBackend } from '../../../storage/buckets/bucket-backend.js';
import { s3 } from '../../../storage/buckets/s3-errors.js';

/** Every object of a bucket, a page (up to 1,000, S3's most) at a time. */
export async function* allObjects(backend: BucketBackend, s3Name: string, prefix = '') {
  let token: string | undefined;
  do {
    const page = await s3(() =>
      backend.client.send(
        new ListObjectsV2Command({ Bucket: s3Name, Prefix: prefix || undefined, ContinuationToken: token }),
      ),
    );
    for (const object of page.Contents ?? []) yield object;
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

/**
 * Deletes the bucket's objects that `picked` chooses, as they are listed, 1,000 keys a call (S3's
 * most per DeleteObjects); answers how many were deleted.
 */
export async function deleteObjectsWhere(
  backend: BucketBackend,
  s3Name: string,
  picked: (object: _Object) => boolean | Promise<boolean>,
): Promise<number> {
  let batch: { Key: string }[] = [];
  let deleted = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const Objects = batch;
    batch = [];
    await s3(() =>
      backend.client.send(new DeleteObjectsCommand({ Bucket: s3Name, Delete: { Objects, Quiet: true } })),
    );
    deleted += Objects.length;
  };
  for await (const object of allObjects(backend, s3Name)) {
    if (!(await picked(object))) continue;
    batch.push({ Key: object.Key! });
    if (batch.length === 1000) await flush();
  }
  await flush();
  return deleted;
}

/** Whether the bucket holds any object at all (a folder marker counts). */
export async function isEmpty(backend: BucketBackend, s3Name: string): Promise<boolean> {
  const page = await s3(() => backend.client.send(new ListObjectsV2Command({ Bucket: s3Name, MaxKeys: 1 })));
  return (page.KeyCount ?? page.Contents?.length ?? 0) === 0;
}

/**
 * Counts the bucket's bytes and objects on the S3 service and keeps them: on the bucket's row
 * (the list's size) and as a sample of its usage history. Folder markers are not objects.
 */
export async function measureBucket(
  db: Db,
  backend: BucketBackend,
  bucket: { id: string; s3Name: string },
  at: Date,
): Promise<{ sizeBytes: number; objectCount: number }> {
  let sizeBytes = 0;
  let objectCount = 0;
  for await (const object of allObjects(backend, bucket.s3Name)) {
    if (object.Key?.endsWith('/') && (object.Size ?? 0) === 0) continue;
    sizeBytes += object.Size ?? 0;
    objectCount += 1;
  }
  await db.transaction(async (tx) => {
    // A measure that started later and finished first is not overwritten by this older one.
    await tx
      .update(buckets)
      .set({ sizeBytes, objectCount, measuredAt: at })
      .where(and(eq(buckets.id, bucket.id), or(isNull(buckets.measuredAt), lte(buckets.measuredAt, at))));
    await tx
      .insert(bucketUsageSamples)
      .values({ bucketId: bucket.id, at, sizeBytes, objectCount })
      .onConflictDoUpdate({
        target: [bucketUsageSamples.bucketId, bucketUsageSamples.at],
        set: { sizeBytes, objectCount },
      });
  });
  return { sizeBytes, objectCount };
}
