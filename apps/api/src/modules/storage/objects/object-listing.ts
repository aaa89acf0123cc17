import { ListObjectsV2Command, type ListObjectsV2CommandOutput } from '@aws-sdk/client-s3';
import { keyName, OBJECT_KEY_MAX_BYTES, utf8Length, type ObjectEntry, type ObjectPage } from '@portal/shared';
import { AppError } from '../../../platform/errors.js';
import type { BucketBackend } from '../../../storage/buckets/bucket-backend.js';
import { s3 } from '../../../storage/buckets/s3-errors.js';

/** S3 orders keys by their UTF-8 bytes (not by UTF-16 units, as `<` on strings would). */
export const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/**
 * The cursor is the last key of the page it follows, base64url: the next page starts after it
 * (StartAfter). A key rather than S3's continuation token, so a page is cut where the caller's
 * limit says, and entries S3 repeats across its own pages (the embedded server lists a folder
 * again after a page that ended just before it) are left out.
 */
const cursorOf = (key: string) => Buffer.from(key).toString('base64url');

function keyOfCursor(cursor: string, prefix: string): string {
  const key = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!key.startsWith(prefix) || key === prefix || utf8Length(key) > OBJECT_KEY_MAX_BYTES) {
    throw new AppError(400, 'FORMAT_ERROR', {}, [{ path: 'cursor', message: 'validation.invalid' }]);
  }
  return key;
}

const folderEntry = (key: string): ObjectEntry => ({
  key,
  name: keyName(key),
  type: 'folder',
  size: null,
  lastModified: null,
});

function entriesOf(answer: ListObjectsV2CommandOutput, prefix: string): ObjectEntry[] {
  const folders = (answer.CommonPrefixes ?? []).flatMap((p) => (p.Prefix ? [folderEntry(p.Prefix)] : []));
  const files = (answer.Contents ?? []).flatMap((o): ObjectEntry[] =>
    // The folder's own marker is the folder, not a row in it.
    o.Key === undefined || o.Key === prefix
      ? []
      : [
          {
            key: o.Key,
            name: keyName(o.Key),
            type: 'file',
            size: o.Size ?? 0,
            lastModified: o.LastModified?.toISOString() ?? null,
          },
        ],
  );
  return [...folders, ...files];
}

/**
 * One folder level of a bucket (Delimiter '/'), a page at a time: the page's folders, then its
 * files, each in key order. S3 answers at most 1,000 entries a call; a page asks again until it
 * has `limit` entries and knows whether another follows.
 */
export async function listLevel(
  backend: BucketBackend,
  s3Name: string,
  query: { prefix: string; cursor?: string; limit: number },
): Promise<ObjectPage> {
  const { prefix, limit } = query;
  const after = query.cursor ? keyOfCursor(query.cursor, prefix) : undefined;
  const seen = new Map<string, ObjectEntry>();
  let token: string | undefined;
  do {
    const answer = await s3(() =>
      backend.client.send(
        new ListObjectsV2Command({
          Bucket: s3Name,
          Prefix: prefix || undefined,
          Delimiter: '/',
          MaxKeys: Math.min(1000, limit + 1),
          ...(token ? { ContinuationToken: token } : { StartAfter: after ?? (prefix || undefined) }),
        }),
      ),
    );
    for (const entry of entriesOf(answer, prefix)) {
      if (after === undefined || byteOrder(entry.key, after) > 0) seen.set(entry.key, entry);
    }
    token = answer.IsTruncated ? answer.NextContinuationToken : undefined;
  } while (token && seen.size <= limit);

  const inOrder = [...seen.values()].sort((a, b) => byteOrder(a.key, b.key));
  const page = inOrder.slice(0, limit);
  const more = inOrder.length > limit;
  return {
    prefix,
    entries: [...page.filter((e) => e.type === 'folder'), ...page.filter((e) => e.type === 'file')],
    nextCursor: more ? cursorOf(page.at(-1)!.key) : null,
  };
}
