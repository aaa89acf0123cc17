import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import {
  isStorageFolder,
  keyName,
  OBJECT_KEY_MAX_BYTES,
  parentPrefix,
  transferProblem,
  utf8Length,
  type FolderCreate,
  type ObjectEntry,
  type ObjectRename,
  type ObjectTransfer,
  type PresignAnswer,
} from '@portal/shared';
import { allowed, AppError, fail, fieldsRefused } from '../../../platform/errors.js';
import type { BucketBackend } from '../../../storage/buckets/bucket-backend.js';
import { s3, s3Refusal } from '../../../storage/buckets/s3-errors.js';
import { allObjects } from '../bucket/bucket-measure.js';

/** Calls to the S3 service at once when a change touches many objects. */
const PARALLEL = 8;
/** S3's most keys per DeleteObjects. */
const DELETE_BATCH = 1000;

const isFolder = (key: string) => key.endsWith('/');
const keyTooLong = (key: string) => utf8Length(key) > OBJECT_KEY_MAX_BYTES;

/** `fn` on every item, PARALLEL at a time; the first failure stops the rest and is thrown. */
async function eachLimited<T>(items: readonly T[], fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const item = items[next++]!;
      try {
        await fn(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const results = await Promise.allSettled(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
  const refused = results.find((r) => r.status === 'rejected');
  if (refused) throw refused.reason;
}

/**
 * The operations on a bucket's objects (route bucket, objects tab). Each is told the bucket's S3
 * name; which bucket is the caller's was decided before (ownBucket).
 */
export function objectChanges(backend: BucketBackend) {
  const { client } = backend;

  /** Whether a file is there, or a folder holds anything (its marker or a key under it). */
  async function exists(s3Name: string, key: string): Promise<boolean> {
    if (isFolder(key)) {
      const page = await s3(() =>
        client.send(new ListObjectsV2Command({ Bucket: s3Name, Prefix: key, MaxKeys: 1 })),
      );
      return (page.KeyCount ?? page.Contents?.length ?? 0) > 0;
    }
    try {
      await client.send(new HeadObjectCommand({ Bucket: s3Name, Key: key }));
      return true;
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'NotFound' || name === 'NoSuchKey') return false;
      throw s3Refusal(error);
    }
  }

  /** The keys a selection stands for: a folder's every key (its marker too), a file's own. */
  async function keysOf(s3Name: string, key: string): Promise<string[]> {
    if (!isFolder(key)) return (await exists(s3Name, key)) ? [key] : [];
    const keys: string[] = [];
    for await (const object of allObjects(backend, s3Name, key)) keys.push(object.Key!);
    return keys;
  }

  /** The selection without the keys that lie in a selected folder (they go with the folder). */
  function outermost(keys: readonly string[]): string[] {
    const unique = [...new Set(keys)];
    const folders = unique.filter(isFolder);
    return unique.filter((key) => !folders.some((f) => f !== key && key.startsWith(f)));
  }

  async function deleteKeys(s3Name: string, keys: readonly string[]): Promise<void> {
    for (let start = 0; start < keys.length; start += DELETE_BATCH) {
      const Objects = keys.slice(start, start + DELETE_BATCH).map((Key) => ({ Key }));
      const answer = await s3(() =>
        client.send(new DeleteObjectsCommand({ Bucket: s3Name, Delete: { Objects, Quiet: true } })),
      );
      if (answer.Errors?.length) throw new AppError(502, 'AMAZON_SERVICE_ERROR');
    }
  }

  /**
   * Copies each item (a file or a folder with everything under it) to its new key, and deletes
   * the originals when moving. Nothing happens unless every item is there, no new key is taken
   * (OBJECT_ALREADY_EXISTS: S3 would overwrite) and none is over S3's length (KEY_TOO_LONG); a
   * copy that fails takes back the copies made so far. Answers the objects copied.
   */
  async function relocate(
    s3Name: string,
    items: readonly { from: string; to: string }[],
    mode: 'copy' | 'move',
  ): Promise<number> {
    const targets = items.map((i) => i.to);
    if (new Set(targets).size < targets.length) throw fail('OBJECT_ALREADY_EXISTS');
    const pairs: { from: string; to: string }[] = [];
    for (const item of items) {
      const keys = await keysOf(s3Name, item.from);
      if (keys.length === 0) throw new AppError(404, 'NO_SUCH_KEY');
      for (const key of keys) pairs.push({ from: key, to: item.to + key.slice(item.from.length) });
    }
    if (pairs.some((p) => keyTooLong(p.to))) throw fail('KEY_TOO_LONG');
    await eachLimited(items, async (item) => {
      if (await exists(s3Name, item.to)) throw fail('OBJECT_ALREADY_EXISTS');
    });

    const copied: string[] = [];
    try {
      await eachLimited(pairs, async ({ from, to }) => {
        await s3(() =>
          client.send(
            new CopyObjectCommand({ Bucket: s3Name, Key: to, CopySource: backend.copySource(s3Name, from) }),
          ),
        );
        copied.push(to);
      });
    } catch (error) {
      await deleteKeys(s3Name, copied).catch(() => undefined);
      throw error;
    }
    if (mode === 'move')
      await deleteKeys(
        s3Name,
        pairs.map((p) => p.from),
      );
    return pairs.length;
  }

  return {
    exists,

    /** A zero-byte `<prefix><name>/` marker: the folder shows while it holds nothing else. */
    async createFolder(s3Name: string, body: Required<FolderCreate>): Promise<ObjectEntry> {
      const key = `${body.prefix}${body.name}/`;
      if (keyTooLong(key)) throw fail('KEY_TOO_LONG');
      if (await exists(s3Name, key)) throw fail('OBJECT_ALREADY_EXISTS');
      await s3(() => client.send(new PutObjectCommand({ Bucket: s3Name, Key: key, Body: '' })));
      return { key, name: body.name, type: 'folder', size: null, lastModified: null };
    },

    /** A file, or a folder and every key under it, renamed where it is. */
    async rename(s3Name: string, body: ObjectRename): Promise<number> {
      const folder = isFolder(body.key);
      if (folder && isStorageFolder(body.newName) !== true) {
        throw fieldsRefused('FORMAT_ERROR', { newName: 'validation.needBeS3Folder' });
      }
      const to = `${parentPrefix(body.key)}${body.newName}${folder ? '/' : ''}`;
      if (keyTooLong(to)) throw fail('KEY_TOO_LONG');
      return relocate(s3Name, [{ from: body.key, to }], 'move');
    },

    /** Files and folders copied or moved into a folder (never into themselves: INVALID_DIRECTORY). */
    async transfer(s3Name: string, body: Required<ObjectTransfer>): Promise<number> {
      const keys = outermost(body.keys);
      allowed(transferProblem(keys, body.destination));
      const items = keys.map((from) => ({
        from,
        to: `${body.destination}${keyName(from)}${isFolder(from) ? '/' : ''}`,
      }));
      return relocate(s3Name, items, body.mode);
    },

    /** Files and folders with everything under them; answers how many objects went. */
    async remove(s3Name: string, selection: readonly string[]): Promise<number> {
      const keys = new Set<string>();
      for (const key of outermost(selection)) {
        for (const k of await keysOf(s3Name, key)) keys.add(k);
      }
      await deleteKeys(s3Name, [...keys]);
      return keys.size;
    },

    /** A GET link to an object that is there (NO_SUCH_KEY otherwise), valid `minutes` from `now`. */
    async presign(s3Name: string, key: string, minutes: number, now: Date): Promise<PresignAnswer> {
      await s3(() => client.send(new HeadObjectCommand({ Bucket: s3Name, Key: key })));
      const url = await backend.presignGet(s3Name, key, minutes * 60, now);
      return { url, expiresAt: new Date(now.getTime() + minutes * 60_000).toISOString() };
    },
  };
}

export type ObjectChanges = ReturnType<typeof objectChanges>;
