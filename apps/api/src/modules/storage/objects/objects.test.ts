import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bucket, ObjectEntry, ObjectPage, PresignAnswer } from '@portal/shared';
import { body, build, ok, type Response, type SignedIn, type TestApp } from '../../../../test/build.js';
import { jobsSettled } from '../../../../test/jobs-settled.js';
import { BUCKET_MEASURE_QUEUE } from '../bucket/bucket-measure-queue.js';

let t: TestApp;
let a: SignedIn;
let b: SignedIn;

beforeAll(async () => {
  t = await build();
  [a, b] = [await t.signedInTenant(), await t.signedInTenant()];
});
afterAll(() => t.close());

const refusal = (response: Response) => ({ status: response.statusCode, msg: body(response).msg });
const admin = () => t.app.buckets.client;

const createBucket = async (name: string, token = a.token) =>
  ok<Bucket>(await t.request('POST', '/api/buckets', { token, body: { name } }));
const q = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params).flatMap(([k, v]): [string, string][] => (v === undefined ? [] : [[k, String(v)]])),
  ).toString();
const list = (
  bucket: string,
  params: { prefix?: string; cursor?: string; limit?: number } = {},
  token = a.token,
) => t.request('GET', `/api/buckets/${bucket}/objects?${q(params)}`, { token });
const upload = (
  bucket: string,
  key: string,
  content: string | Buffer,
  type = 'text/plain',
  token = a.token,
) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/buckets/${bucket}/objects?${q({ key })}`,
    payload: content,
    headers: { authorization: `Bearer ${token}`, 'content-type': type },
  });
const download = (bucket: string, key: string, token = a.token) =>
  t.request('GET', `/api/buckets/${bucket}/objects/download?${q({ key })}`, { token });
const post = (bucket: string, path: string, payload: unknown, token = a.token) =>
  t.request('POST', `/api/buckets/${bucket}/${path}`, { token, body: payload });
/** Every key of the bucket, straight from S3. */
async function keysOnS3(s3Name: string): Promise<string[]> {
  const { ListObjectsV2Command } = await import('@aws-sdk/client-s3');
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await admin().send(new ListObjectsV2Command({ Bucket: s3Name, ContinuationToken: token }));
    keys.push(...(page.Contents ?? []).map((o) => o.Key!));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys.sort();
}
const textOf = async (s3Name: string, key: string) =>
  (await admin().send(new GetObjectCommand({ Bucket: s3Name, Key: key }))).Body!.transformToString();
const names = (page: ObjectPage) => page.entries.map((e) => e.name);

describe('objects of a bucket', () => {
  it("each customer sees only its own objects; another customer's bucket name is a 404", async () => {
    await createBucket('photos', a.token);
    await createBucket('photos', b.token);
    await createBucket('private', b.token);
    ok(await upload('photos', 'mine.txt', 'A'));
    ok(await upload('photos', 'theirs.txt', 'B', 'text/plain', b.token));

    expect(names(ok<ObjectPage>(await list('photos')))).toEqual(['mine.txt']);
    expect(names(ok<ObjectPage>(await list('photos', {}, b.token)))).toEqual(['theirs.txt']);
    expect(refusal(await download('photos', 'theirs.txt'))).toEqual({ status: 404, msg: 'NO_SUCH_KEY' });

    // B's bucket "private" does not exist for A, whatever A asks of it.
    const notMine = { status: 404, msg: 'NO_SUCH_BUCKET' };
    expect(refusal(await list('private'))).toEqual(notMine);
    expect(refusal(await upload('private', 'x.txt', 'x'))).toEqual(notMine);
    expect(refusal(await download('private', 'x.txt'))).toEqual(notMine);
    expect(refusal(await post('private', 'folders', { prefix: '', name: 'x' }))).toEqual(notMine);
    expect(refusal(await post('private', 'objects/delete', { keys: ['theirs.txt'] }))).toEqual(notMine);
    expect(refusal(await post('private', 'objects/presign', { key: 'x', expiresMinutes: 5 }))).toEqual(
      notMine,
    );
    // A's delete of "theirs.txt" in A's own "photos" leaves B's object where it is.
    ok(await post('photos', 'objects/delete', { keys: ['theirs.txt'] }));
    expect(names(ok<ObjectPage>(await list('photos', {}, b.token)))).toEqual(['theirs.txt']);
  });

  it(
    'pages through more than 1,000 objects with cursors, each exactly once, folders first on a page',
    { timeout: 180_000 },
    async () => {
      const bucket = await createBucket('many');
      const files = Array.from({ length: 1050 }, (_, i) => `file-${String(i).padStart(4, '0')}.txt`);
      const folders = ['alpha/', 'file-0500x/', 'zeta/'];
      const put = (Key: string) =>
        admin().send(new PutObjectCommand({ Bucket: bucket.s3Name, Key, Body: 'x' }));
      for (let i = 0; i < files.length; i += 50) await Promise.all(files.slice(i, i + 50).map(put));
      // (The embedded server does not see a folder that holds only folders: zeta/ holds a file too.)
      await Promise.all(
        ['alpha/', 'alpha/one.txt', 'file-0500x/a.txt', 'zeta/a.txt', 'zeta/deep/b.txt'].map(put),
      );

      for (const limit of [100, 1000]) {
        const seen: string[] = [];
        let cursor: string | undefined;
        let pages = 0;
        do {
          const page = ok<ObjectPage>(await list('many', { limit, cursor }));
          expect(page.entries.length).toBeLessThanOrEqual(limit);
          // Folders first, then files.
          const types = page.entries.map((e) => e.type);
          expect(types).toEqual([
            ...types.filter((x) => x === 'folder'),
            ...types.filter((x) => x === 'file'),
          ]);
          seen.push(...page.entries.map((e) => e.key));
          cursor = page.nextCursor ?? undefined;
          pages += 1;
        } while (cursor);
        expect(pages).toBe(Math.ceil((files.length + folders.length) / limit));
        expect(seen.length).toBe(new Set(seen).size);
        expect([...seen].sort()).toEqual([...files, ...folders].sort());
      }

      // Inside a folder: its objects, not its own marker.
      const alpha = ok<ObjectPage>(await list('many', { prefix: 'alpha/' }));
      expect(alpha.entries).toEqual([
        expect.objectContaining({ key: 'alpha/one.txt', name: 'one.txt', type: 'file', size: 1 }),
      ]);
      expect(ok<ObjectPage>(await list('many', { prefix: 'zeta/' })).entries).toEqual([
        { key: 'zeta/deep/', name: 'deep', type: 'folder', size: null, lastModified: null },
        expect.objectContaining({ key: 'zeta/a.txt', name: 'a.txt', type: 'file' }),
      ]);
      expect(refusal(await list('many', { prefix: 'alpha' }))).toEqual({ status: 400, msg: 'FORMAT_ERROR' });
      expect(refusal(await list('many', { cursor: 'bm90LWhlcmU', prefix: 'alpha/' }))).toEqual({
        status: 400,
        msg: 'FORMAT_ERROR',
      });
    },
  );

  it('uploads a file with its type, and downloads it under its name', async () => {
    const bucket = await createBucket('docs');
    const text = '季度報告 — quarterly report';
    const entry = ok<ObjectEntry>(
      await upload('docs', 'reports/季度 report.txt', text, 'text/plain; charset=utf-8'),
    );
    expect(entry).toMatchObject({ key: 'reports/季度 report.txt', name: '季度 report.txt', type: 'file' });
    expect(entry.size).toBe(Buffer.byteLength(text));

    const got = await download('docs', 'reports/季度 report.txt');
    expect(got.statusCode).toBe(200);
    expect(got.body).toBe(text);
    expect(got.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(got.headers['content-length']).toBe(String(Buffer.byteLength(text)));
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="__ report.txt"; filename*=UTF-8''${encodeURIComponent('季度 report.txt')}`,
    );
    const head = await admin().send(
      new HeadObjectCommand({ Bucket: bucket.s3Name, Key: 'reports/季度 report.txt' }),
    );
    expect(head.ContentType).toBe('text/plain; charset=utf-8');

    // An empty file is a file too.
    expect(
      ok<ObjectEntry>(await upload('docs', 'empty.bin', Buffer.alloc(0), 'application/octet-stream')).size,
    ).toBe(0);

    expect(refusal(await download('docs', 'reports/missing.txt'))).toEqual({
      status: 404,
      msg: 'NO_SUCH_KEY',
    });
    // S3's limit: 1,024 bytes of UTF-8 (342 three-byte characters are 1,026).
    expect(refusal(await upload('docs', '報'.repeat(342), 'x'))).toEqual({
      status: 400,
      msg: 'KEY_TOO_LONG',
    });
    // 1,024 bytes exactly is taken (in parts of 200: a file system keeps a part of at most 255).
    const longest = `${'d'.repeat(199)}/`.repeat(5) + 'x'.repeat(24);
    expect(Buffer.byteLength(longest)).toBe(1024);
    expect(ok<ObjectEntry>(await upload('docs', longest, 'x')).key).toBe(longest);

    // The bucket's size on its page follows once it is measured again.
    await jobsSettled(t.database.sqlExecutor, [BUCKET_MEASURE_QUEUE], 10_000);
    const measured = ok<Bucket>(await t.request('GET', '/api/buckets/docs', { token: a.token }));
    expect(measured).toMatchObject({ objectCount: 3, sizeBytes: Buffer.byteLength(text) + 1 });
  });

  it('makes folders of letters and digits, once', async () => {
    await createBucket('folders');
    const made = ok<ObjectEntry>(await post('folders', 'folders', { prefix: '', name: 'Invoices2026' }));
    expect(made).toEqual({
      key: 'Invoices2026/',
      name: 'Invoices2026',
      type: 'folder',
      size: null,
      lastModified: null,
    });
    ok(await post('folders', 'folders', { prefix: 'Invoices2026/', name: 'March' }));
    expect(
      ok<ObjectPage>(await list('folders', { prefix: 'Invoices2026/' })).entries.map((e) => e.key),
    ).toEqual(['Invoices2026/March/']);
    expect(refusal(await post('folders', 'folders', { prefix: '', name: 'Invoices2026' }))).toEqual({
      status: 400,
      msg: 'OBJECT_ALREADY_EXISTS',
    });
    for (const name of ['my folder', 'a/b', 'naïve', 'x-y']) {
      const response = await post('folders', 'folders', { prefix: '', name });
      expect(response.statusCode, name).toBe(400);
      expect(body(response).errors, name).toEqual([{ path: 'name', message: 'validation.needBeS3Folder' }]);
    }
    expect(names(ok<ObjectPage>(await list('folders')))).toEqual(['Invoices2026']);
  });

  it('renames a file, and a folder with everything in it, never over another', async () => {
    const bucket = await createBucket('renames');
    for (const key of ['a.txt', 'b.txt', 'docs/', 'docs/one.txt', 'docs/sub/two.txt', 'other/']) {
      ok(await upload('renames', key, key.endsWith('/') ? '' : key));
    }
    expect(
      ok<{ count: number }>(await post('renames', 'objects/rename', { key: 'a.txt', newName: 'c d.txt' })),
    ).toEqual({
      count: 1,
    });
    expect(await textOf(bucket.s3Name, 'c d.txt')).toBe('a.txt');
    expect(refusal(await post('renames', 'objects/rename', { key: 'c d.txt', newName: 'b.txt' }))).toEqual({
      status: 400,
      msg: 'OBJECT_ALREADY_EXISTS',
    });
    expect(await textOf(bucket.s3Name, 'b.txt')).toBe('b.txt');

    expect(
      ok<{ count: number }>(await post('renames', 'objects/rename', { key: 'docs/', newName: 'papers' })),
    ).toEqual({
      count: 3,
    });
    expect(await keysOnS3(bucket.s3Name)).toEqual([
      'b.txt',
      'c d.txt',
      'other/',
      'papers/',
      'papers/one.txt',
      'papers/sub/two.txt',
    ]);
    expect(refusal(await post('renames', 'objects/rename', { key: 'papers/', newName: 'other' }))).toEqual({
      status: 400,
      msg: 'OBJECT_ALREADY_EXISTS',
    });
    const badFolder = await post('renames', 'objects/rename', { key: 'papers/', newName: 'new papers' });
    expect(body(badFolder)).toEqual({
      msg: 'FORMAT_ERROR',
      errors: [{ path: 'newName', message: 'validation.needBeS3Folder' }],
    });
    expect(refusal(await post('renames', 'objects/rename', { key: 'gone.txt', newName: 'x.txt' }))).toEqual({
      status: 404,
      msg: 'NO_SUCH_KEY',
    });
    // A name that makes a key under the folder longer than S3 takes: nothing is renamed.
    ok(await upload('renames', `papers/${`${'x'.repeat(199)}/`.repeat(5)}end`, 'long'));
    expect(
      refusal(await post('renames', 'objects/rename', { key: 'papers/', newName: 'p'.repeat(30) })),
    ).toEqual({ status: 400, msg: 'KEY_TOO_LONG' });
    expect((await keysOnS3(bucket.s3Name)).filter((k) => k.startsWith('papers/'))).toHaveLength(4);
  });

  it('copies and moves files and folders into a folder, never into themselves', async () => {
    const bucket = await createBucket('transfers');
    for (const key of ['src/', 'src/a+b c?.txt', 'src/deep/x.txt', 'top.txt', 'dest/']) {
      ok(await upload('transfers', key, key.endsWith('/') ? '' : `content of ${key}`, 'text/csv'));
    }
    const transfer = (keys: string[], destination: string, mode: 'copy' | 'move') =>
      post('transfers', 'objects/transfer', { keys, destination, mode });

    expect(ok<{ count: number }>(await transfer(['src/', 'top.txt'], 'dest/', 'copy'))).toEqual({ count: 4 });
    expect(await keysOnS3(bucket.s3Name)).toEqual([
      'dest/',
      'dest/src/',
      'dest/src/a+b c?.txt',
      'dest/src/deep/x.txt',
      'dest/top.txt',
      'src/',
      'src/a+b c?.txt',
      'src/deep/x.txt',
      'top.txt',
    ]);
    expect(await textOf(bucket.s3Name, 'dest/src/a+b c?.txt')).toBe('content of src/a+b c?.txt');
    const copied = await admin().send(new HeadObjectCommand({ Bucket: bucket.s3Name, Key: 'dest/top.txt' }));
    expect(copied.ContentType).toBe('text/csv');

    // Again onto the copies: refused, nothing overwritten.
    expect(refusal(await transfer(['top.txt'], 'dest/', 'copy'))).toEqual({
      status: 400,
      msg: 'OBJECT_ALREADY_EXISTS',
    });
    // Never into itself, its own sub-folder, or where it already is.
    for (const [keys, destination] of [
      [['src/'], 'src/'],
      [['src/'], 'src/deep/'],
      [['top.txt'], ''],
    ] as const) {
      expect(refusal(await transfer([...keys], destination, 'move')), destination).toEqual({
        status: 400,
        msg: 'INVALID_DIRECTORY',
      });
    }

    expect(ok<{ count: number }>(await transfer(['src/deep/', 'src/a+b c?.txt'], 'dest/', 'move'))).toEqual({
      count: 2,
    });
    expect((await keysOnS3(bucket.s3Name)).filter((k) => !k.startsWith('dest/src/'))).toEqual([
      'dest/',
      'dest/a+b c?.txt',
      'dest/deep/x.txt',
      'dest/top.txt',
      'src/',
      'top.txt',
    ]);
    expect(refusal(await transfer(['src/missing.txt'], 'dest/', 'move'))).toEqual({
      status: 404,
      msg: 'NO_SUCH_KEY',
    });
  });

  it('deletes files and folders with everything in them', async () => {
    const bucket = await createBucket('deletes');
    for (const key of ['keep.txt', 'old/', 'old/a.txt', 'old/b/c.txt', 'x.txt', 'y.txt']) {
      ok(await upload('deletes', key, 'x'));
    }
    expect(
      ok<{ count: number }>(
        await post('deletes', 'objects/delete', { keys: ['old/', 'old/a.txt', 'x.txt', 'nope.txt'] }),
      ),
    ).toEqual({ count: 4 });
    expect(await keysOnS3(bucket.s3Name)).toEqual(['keep.txt', 'y.txt']);
    expect(names(ok<ObjectPage>(await list('deletes')))).toEqual(['keep.txt', 'y.txt']);
    expect(refusal(await post('deletes', 'objects/delete', { keys: [] }))).toEqual({
      status: 400,
      msg: 'FORMAT_ERROR',
    });

    // Each change is in the customer's audit log under its own action.
    const trail = ok<{ records: { action: string; outcome: string; detail: Record<string, unknown> }[] }>(
      await t.request('GET', '/api/audit?action=bucketObject.delete', { token: a.token }),
    );
    expect(trail.records.find((r) => r.detail.bucket === 'deletes')).toMatchObject({
      outcome: 'success',
      detail: { bucket: 'deletes', keys: ['old/', 'old/a.txt', 'x.txt', 'nope.txt'] },
    });
  });

  it('presigned links give the object to anyone until they expire', async () => {
    const bucket = await createBucket('links');
    ok(await upload('links', 'share/price list.txt', 'NT$ 100'));
    const link = ok<PresignAnswer>(
      await post('links', 'objects/presign', { key: 'share/price list.txt', expiresMinutes: 10 }),
    );
    expect(link.url.startsWith(`${bucket.endpoint}/${bucket.s3Name}/share/price%20list.txt?`)).toBe(true);
    expect(new Date(link.expiresAt).getTime()).toBe(t.clock.now().getTime() + 10 * 60_000);
    const fetched = await fetch(link.url);
    expect(fetched.status).toBe(200);
    expect(await fetched.text()).toBe('NT$ 100');

    // Signed 11 minutes ago for 10 minutes: the S3 service checks against the real time.
    t.clock.advance(-11 * 60_000);
    try {
      const stale = ok<PresignAnswer>(
        await post('links', 'objects/presign', { key: 'share/price list.txt', expiresMinutes: 10 }),
      );
      expect((await fetch(stale.url)).status).toBe(403);
    } finally {
      t.clock.advance(11 * 60_000);
    }
    // Without the signature the private bucket's object is refused.
    expect((await fetch(link.url.split('?')[0]!)).status).toBe(403);
    expect(
      refusal(await post('links', 'objects/presign', { key: 'nothing.txt', expiresMinutes: 10 })),
    ).toEqual({
      status: 404,
      msg: 'NO_SUCH_KEY',
    });
    for (const expiresMinutes of [0, 1.5, 7 * 24 * 60 + 1]) {
      expect(
        (await post('links', 'objects/presign', { key: 'share/price list.txt', expiresMinutes })).statusCode,
      ).toBe(400);
    }
  });
});
