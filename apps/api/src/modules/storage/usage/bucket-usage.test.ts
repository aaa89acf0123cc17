import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bucket, BucketUsage } from '@portal/shared';
import { buckets } from '../../../db/schema/index.js';
import type { BucketBackend } from '../../../storage/buckets/bucket-backend.js';
import { body, build, ok, type Tenant, type TestApp } from '../../../../test/build.js';
import { createUsageSampler } from './bucket-usage.js';

let t: TestApp;
let a: Tenant;
let b: Tenant;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  t = await build();
  a = await t.createTenant();
  b = await t.createTenant();
});
afterAll(() => t.close());

const sampler = (backend: BucketBackend = t.app.buckets) =>
  createUsageSampler({ db: t.db, clock: t.clock, backend, log: t.app.log });

describe('bucket usage', () => {
  it('keeps a sample per measure and answers the last days of them in time order', async () => {
    const tokenA = await t.signIn(a.root, a.client);
    const tokenB = await t.signIn(b.root, b.client);
    const bucket = ok<Bucket>(
      await t.request('POST', '/api/buckets', { token: tokenA, body: { name: 'media' } }),
    );
    ok(await t.request('POST', '/api/buckets', { token: tokenB, body: { name: 'media' } }));
    const start = t.clock.now().getTime();
    const put = (Key: string, bytes: number) =>
      t.app.buckets.client.send(
        new PutObjectCommand({ Bucket: bucket.s3Name, Key, Body: Buffer.alloc(bytes, 1) }),
      );

    expect(await sampler().measureAll()).toBeGreaterThanOrEqual(2);
    await put('a.bin', 100);
    t.clock.advance(HOUR);
    await sampler().measureAll();
    await put('b.bin', 50);
    await put('folder/', 0);
    t.clock.advance(HOUR);
    await sampler().measureAll();

    const token = await t.signIn(a.root, a.client);
    const usage = ok<BucketUsage>(await t.request('GET', '/api/buckets/media/usage?days=30', { token }));
    expect(usage.samples).toEqual([
      { at: new Date(start).toISOString(), sizeBytes: 0, objectCount: 0 },
      { at: new Date(start + HOUR).toISOString(), sizeBytes: 100, objectCount: 1 },
      { at: new Date(start + 2 * HOUR).toISOString(), sizeBytes: 150, objectCount: 2 },
    ]);
    // The list shows the last measure.
    expect(ok<Bucket>(await t.request('GET', '/api/buckets/media', { token }))).toMatchObject({
      sizeBytes: 150,
      objectCount: 2,
    });

    // Two days on, a one-day window holds only the newest measure.
    t.clock.advance(2 * DAY);
    await sampler().measureAll();
    const token2 = await t.signIn(a.root, a.client);
    const lastDay = ok<BucketUsage>(
      await t.request('GET', '/api/buckets/media/usage?days=1', { token: token2 }),
    );
    expect(lastDay.samples).toEqual([
      { at: new Date(start + 2 * HOUR + 2 * DAY).toISOString(), sizeBytes: 150, objectCount: 2 },
    ]);
    // B's bucket of the same name has its own history; a bucket A has none of is NO_SUCH_BUCKET.
    const theirs = ok<BucketUsage>(
      await t.request('GET', '/api/buckets/media/usage', { token: await t.signIn(b.root, b.client) }),
    );
    expect(theirs.samples.every((s) => s.sizeBytes === 0)).toBe(true);
    const none = await t.request('GET', '/api/buckets/nothing/usage', { token: token2 });
    expect(body(none).msg).toBe('NO_SUCH_BUCKET');
    const tooMany = await t.request('GET', '/api/buckets/media/usage?days=0', { token: token2 });
    expect(tooMany.statusCode).toBe(400);
  });

  it('one bucket the service fails on does not stop the others', async () => {
    const token = await t.signIn(a.root, a.client);
    ok(await t.request('POST', '/api/buckets', { token, body: { name: 'broken' } }));
    const good = ok<Bucket>(await t.request('POST', '/api/buckets', { token, body: { name: 'fine' } }));
    await t.app.buckets.client.send(new PutObjectCommand({ Bucket: good.s3Name, Key: 'x', Body: 'abc' }));
    // A service that fails to list one bucket: the S3 client is the app's, the failure is real.
    const failing: BucketBackend = {
      ...t.app.buckets,
      client: new Proxy(t.app.buckets.client, {
        get(target, prop, receiver) {
          if (prop !== 'send') return Reflect.get(target, prop, receiver);
          return (command: { input: { Bucket?: string } }) =>
            command.input.Bucket?.endsWith('-broken')
              ? Promise.reject(Object.assign(new Error('slow down'), { name: 'SlowDown' }))
              : target.send(command as never);
        },
      }),
    };
    const all = (await t.db.select().from(buckets)).length;
    t.clock.advance(HOUR);
    const measured = await sampler(failing).measureAll();
    expect(measured).toBe(all - 1);
    expect(ok<Bucket>(await t.request('GET', '/api/buckets/fine', { token }))).toMatchObject({
      sizeBytes: 3,
      objectCount: 1,
    });
    expect(ok<Bucket>(await t.request('GET', '/api/buckets/broken', { token })).measuredAt).toBeNull();
  });
});
