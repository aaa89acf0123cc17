import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUCKET_KEYS_MAX, type Bucket, type BucketKey, type BucketKeyCreated } from '@portal/shared';
import { bucketKeys } from '../../../db/schema/index.js';
import { createSecretBox, loadSecretKey } from '../../../platform/secret-box.js';
import { embeddedBucketBackend } from '../../../storage/buckets/s3-bucket-backend.js';
import { startEmbeddedS3 } from '../../../storage/embedded-s3.js';
import { body, build, ok, type SignedIn, type TestApp } from '../../../../test/build.js';
import { restoreBucketKeys } from './bucket-keys.js';

let t: TestApp;
let a: SignedIn;
let b: SignedIn;
let data: Bucket;
let other: Bucket;
let theirs: Bucket;
const clients: S3Client[] = [];

const createBucket = async (name: string, token: string) =>
  ok<Bucket>(await t.request('POST', '/api/buckets', { token, body: { name } }));
const createKey = (token: string, name: string, bucketName: string | null = null) =>
  t.request('POST', '/api/bucket-keys', { token, body: { name, bucketName } });

beforeAll(async () => {
  t = await build();
  [a, b] = [await t.signedInTenant(), await t.signedInTenant()];
  data = await createBucket('data', a.token);
  other = await createBucket('other', a.token);
  theirs = await createBucket('data', b.token);
});
afterAll(async () => {
  for (const client of clients) client.destroy();
  await t.close();
});

/** A customer's S3 client as the docs set it up: path-style, us-east-1, the bucket's endpoint. */
function s3As(key: { accessKeyId: string; secretAccessKey: string }, endpoint = data.endpoint) {
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: key.accessKeyId, secretAccessKey: key.secretAccessKey },
  });
  clients.push(client);
  return client;
}

/** Write and read back an object; the S3 error's name when refused. */
async function roundTrip(client: S3Client, bucket: Bucket, Key = 'hello.txt'): Promise<string> {
  try {
    await client.send(new PutObjectCommand({ Bucket: bucket.s3Name, Key, Body: `hi ${bucket.s3Name}` }));
    const read = await client.send(new GetObjectCommand({ Bucket: bucket.s3Name, Key }));
    return (await read.Body!.transformToString()) === `hi ${bucket.s3Name}` ? 'ok' : 'wrong body';
  } catch (error) {
    return (error as Error).name;
  }
}

describe('API secret keys', () => {
  it("a customer-wide key works with an S3 client on the customer's buckets only, until deleted", async () => {
    const key = ok<BucketKeyCreated>(await createKey(a.token, 'ci'));
    expect(key.accessKeyId).toMatch(/^[A-Z0-9]{20}$/);
    expect(key.secretAccessKey).toHaveLength(40);
    expect(key).toMatchObject({ name: 'ci', bucketName: null });
    const client = s3As(key);
    expect(await roundTrip(client, data)).toBe('ok');
    expect(await roundTrip(client, other)).toBe('ok');
    expect(await roundTrip(client, theirs)).toBe('AccessDenied');
    // Listing a bucket with the SDK needs the one-line middleware of the docs (docs/storage-api.md).
    client.middlewareStack.add(
      (next) => (args) => {
        const r = args.request as { path?: string };
        if (r.path && /^\/[^/]+\/$/.test(r.path)) r.path = r.path.slice(0, -1);
        return next(args);
      },
      { step: 'build' },
    );
    const listed = await client.send(new ListObjectsV2Command({ Bucket: data.s3Name }));
    expect(listed.Contents?.map((o) => o.Key)).toEqual(['hello.txt']);
    // The secret is checked: the id with another secret is refused.
    const forged = s3As({ accessKeyId: key.accessKeyId, secretAccessKey: 'x'.repeat(40) });
    expect(await roundTrip(forged, data)).toBe('SignatureDoesNotMatch');

    // B cannot delete it; A can, and S3 refuses it from then on.
    const byB = await t.request('DELETE', `/api/bucket-keys/${key.id}`, { token: b.token });
    expect(byB.statusCode).toBe(404);
    expect(await roundTrip(client, data)).toBe('ok');
    const removed = ok<BucketKey>(
      await t.request('DELETE', `/api/bucket-keys/${key.id}`, { token: a.token }),
    );
    expect(removed.accessKeyId).toBe(key.accessKeyId);
    expect(await roundTrip(client, data)).toBe('InvalidAccessKeyId');
  });

  it('a bucket key reaches its bucket only; lists never carry the secret, nor does the database in clear', async () => {
    const key = ok<BucketKeyCreated>(await createKey(a.token, 'backup', 'data'));
    expect(key.bucketName).toBe('data');
    const client = s3As(key);
    expect(await roundTrip(client, data, 'backup.tar')).toBe('ok');
    expect(await roundTrip(client, other)).toBe('AccessDenied');
    expect(await roundTrip(client, theirs)).toBe('AccessDenied');

    t.clock.advance(1000);
    const wide = ok<BucketKeyCreated>(await createKey(a.token, 'all'));
    const list = await t.request('GET', '/api/bucket-keys', { token: a.token });
    const page = ok<{ records: BucketKey[]; total: number }>(list);
    expect(page.records.map((k) => [k.name, k.bucketName])).toEqual([
      ['all', null],
      ['backup', 'data'],
    ]);
    expect(list.body).not.toContain(key.secretAccessKey);
    expect(list.body).not.toContain(wide.secretAccessKey);
    expect(list.body).not.toContain('secret');
    const ofData = ok<{ records: BucketKey[] }>(
      await t.request('GET', '/api/bucket-keys?bucketName=data&page=0&limit=10', { token: a.token }),
    );
    // The keys that reach "data": its own and those of every bucket.
    expect(ofData.records.map((k) => k.name)).toEqual(['all', 'backup']);
    const ofOther = ok<{ records: BucketKey[] }>(
      await t.request('GET', '/api/bucket-keys?bucketName=other&page=0&limit=10', { token: a.token }),
    );
    expect(ofOther.records.map((k) => k.name)).toEqual(['all']);
    const paged = ok<{ records: BucketKey[]; total: number }>(
      await t.request('GET', '/api/bucket-keys?page=1&limit=1', { token: a.token }),
    );
    expect(paged).toMatchObject({ total: 2, records: [{ name: 'backup' }] });
    expect(ok<{ total: number }>(await t.request('GET', '/api/bucket-keys', { token: b.token })).total).toBe(
      0,
    );

    const [stored] = await t.db.select().from(bucketKeys).where(eq(bucketKeys.id, key.id));
    expect(stored!.secretSealed).toMatch(/^v1\./);
    expect(stored!.secretSealed).not.toContain(key.secretAccessKey);

    // A key for a bucket the caller has none of is NO_SUCH_BUCKET.
    const none = await createKey(a.token, 'nope', 'not-mine');
    expect(body(none).msg).toBe('NO_SUCH_BUCKET');
  });

  it('a restarted embedded server is told every key again', async () => {
    const key = ok<BucketKeyCreated>(await createKey(a.token, 'restart', 'data'));
    await roundTrip(s3As(key), data, 'kept.txt');
    // A second server on the same files: it knows none of the customers' keys at its start.
    const server = await startEmbeddedS3(path.join(t.config.dataDir, 's3'), t.config.s3.bucket);
    const backend = embeddedBucketBackend(server);
    try {
      const client = s3As(key, backend.publicEndpoint);
      expect(await roundTrip(client, data, 'kept.txt')).toBe('InvalidAccessKeyId');
      const secrets = createSecretBox(await loadSecretKey(t.config.secretsKey, t.config.dataDir));
      expect(await restoreBucketKeys(t.db, backend, secrets)).toBeGreaterThanOrEqual(1);
      expect(await roundTrip(client, data, 'kept.txt')).toBe('ok');
      expect(await roundTrip(client, other)).toBe('AccessDenied');
    } finally {
      await backend.close();
      await server.close();
    }
  });

  it(`stops at ${BUCKET_KEYS_MAX} keys per customer, even asked at once`, async () => {
    const held = ok<{ total: number }>(await t.request('GET', '/api/bucket-keys', { token: b.token })).total;
    const answers = await Promise.all(
      Array.from({ length: BUCKET_KEYS_MAX + 3 - held }, (_, i) => createKey(b.token, `k${i}`)),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(BUCKET_KEYS_MAX - held);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(refused.map((r) => body(r).msg)).toEqual(Array(3).fill('BUCKET_KEYS_OVER_LIMIT'));
    expect(ok<{ total: number }>(await t.request('GET', '/api/bucket-keys', { token: b.token })).total).toBe(
      BUCKET_KEYS_MAX,
    );
    // A's keys are A's: B's limit is not A's.
    ok(await createKey(a.token, 'still'));
  });
});
