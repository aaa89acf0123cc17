import { HeadObjectCommand, PutObjectCommand, PutObjectTaggingCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bucket, LifecycleRule } from '@portal/shared';
import { body, build, ok, type Tenant, type TestApp } from '../../../../test/build.js';
import { waitFor } from '../../../../test/wait-for.js';
import { BUCKET_MEASURE_QUEUE } from '../bucket/bucket-measure-queue.js';
import { createLifecycleExpiry } from './lifecycle-expiry.js';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let tokenA: string;
let tokenB: string;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await build();
  a = await t.createTenant();
  b = await t.createTenant();
});
afterAll(() => t.close());
// The expiry test moves the clock by weeks: sessions end; each test signs in afresh.
beforeEach(async () => {
  tokenA = await t.signIn(a.root, a.client);
  tokenB = await t.signIn(b.root, b.client);
});

const createBucket = async (name: string, token: string) =>
  ok<Bucket>(await t.request('POST', '/api/buckets', { token, body: { name } }));
/** A rule added a second after the last (the list is in the order they were added). */
const addRule = (bucket: string, token: string, rule: Record<string, unknown>) => {
  t.clock.advance(1000);
  return t.request('POST', `/api/buckets/${bucket}/lifecycle-rules`, { token, body: rule });
};

/** The job as its schedule runs it, with the app's measure queue. */
const expiry = () =>
  createLifecycleExpiry({
    db: t.db,
    clock: t.clock,
    backend: t.app.buckets,
    log: t.app.log,
    measures: {
      async request(tx, bucketId) {
        await t.app.jobs.send(BUCKET_MEASURE_QUEUE, { bucketId }, { tx, singletonKey: bucketId });
      },
    },
  });

const exists = async (s3Name: string, key: string) => {
  try {
    await t.app.buckets.client.send(new HeadObjectCommand({ Bucket: s3Name, Key: key }));
    return true;
  } catch {
    return false;
  }
};

describe('lifecycle rules', () => {
  it('expire objects older than the days by prefix and tag; younger, other prefixes, untagged and disabled stay', async () => {
    const bucket = await createBucket('logs', tokenA);
    // Tags set apart from the write: the embedded server takes them only so (PutObjectTagging).
    const put = async (Key: string, tag?: [string, string]) => {
      await t.app.buckets.client.send(new PutObjectCommand({ Bucket: bucket.s3Name, Key, Body: 'x' }));
      if (tag) {
        await t.app.buckets.client.send(
          new PutObjectTaggingCommand({
            Bucket: bucket.s3Name,
            Key,
            Tagging: { TagSet: [{ Key: tag[0], Value: tag[1] }] },
          }),
        );
      }
    };
    await put('tmp/old.txt');
    await put('keep/a.txt');
    await put('tagged/x.txt', ['expire', 'yes']);
    await put('tagged/y.txt', ['expire', 'no']);
    await put('tagged/z.txt');
    await put('off/z.txt');
    ok(await addRule('logs', tokenA, { prefix: 'tmp/', expirationDays: 30 }));
    ok(
      await addRule('logs', tokenA, {
        prefix: 'tagged/',
        tagKey: 'expire',
        tagValue: 'yes',
        expirationDays: 30,
      }),
    );
    const off = ok<LifecycleRule>(
      await addRule('logs', tokenA, { prefix: 'off/', expirationDays: 1, enabled: false }),
    );
    expect(off).toMatchObject({
      prefix: 'off/',
      tagKey: null,
      tagValue: null,
      expirationDays: 1,
      enabled: false,
    });
    const listed = ok<{ records: LifecycleRule[]; total: number }>(
      await t.request('GET', '/api/buckets/logs/lifecycle-rules', { token: tokenA }),
    );
    expect(listed.records.map((r) => [r.prefix, r.tagKey, r.tagValue, r.expirationDays, r.enabled])).toEqual([
      ['tmp/', null, null, 30, true],
      ['tagged/', 'expire', 'yes', 30, true],
      ['off/', null, null, 1, false],
    ]);
    const all = ['tmp/old.txt', 'keep/a.txt', 'tagged/x.txt', 'tagged/y.txt', 'tagged/z.txt', 'off/z.txt'];
    const present = async () => {
      const found: string[] = [];
      for (const key of all) if (await exists(bucket.s3Name, key)) found.push(key);
      return found;
    };

    // 29 days on: younger than the rules' 30 days, nothing goes.
    t.clock.advance(29 * DAY);
    expect(await expiry().runDue()).toBe(0);
    expect(await present()).toEqual(all);

    // 31 days on: the old ones under tmp/ and tagged expire=yes go; the rest stay.
    t.clock.advance(2 * DAY);
    expect(await expiry().runDue()).toBe(2);
    expect(await present()).toEqual(['keep/a.txt', 'tagged/y.txt', 'tagged/z.txt', 'off/z.txt']);
    // The bucket is measured again after the job (signed in again: the weeks ended the session).
    tokenA = await t.signIn(a.root, a.client);
    await waitFor(async () => {
      const measured = ok<Bucket>(await t.request('GET', '/api/buckets/logs', { token: tokenA }));
      return measured.objectCount === 4;
    });

    // The disabled rule, enabled, now expires its object too.
    const enabled = ok<LifecycleRule>(
      await t.request('PATCH', `/api/buckets/logs/lifecycle-rules/${off.id}`, {
        token: tokenA,
        body: { prefix: 'off/', expirationDays: 1, enabled: true },
      }),
    );
    expect(enabled.enabled).toBe(true);
    expect(await expiry().runDue()).toBe(1);
    expect(await present()).toEqual(['keep/a.txt', 'tagged/y.txt', 'tagged/z.txt']);

    // Deleted, a rule expires nothing more.
    const removed = ok<LifecycleRule>(
      await t.request('DELETE', `/api/buckets/logs/lifecycle-rules/${off.id}`, { token: tokenA }),
    );
    expect(removed.id).toBe(off.id);
    const after = ok<{ total: number }>(
      await t.request('GET', '/api/buckets/logs/lifecycle-rules', { token: tokenA }),
    );
    expect(after.total).toBe(2);
  });

  it("answers LIFECYCLE_RULE_NOT_FOUND for an unknown id and another tenant's rule", async () => {
    await createBucket('shared', tokenA);
    await createBucket('shared', tokenB);
    const theirs = ok<LifecycleRule>(await addRule('shared', tokenB, { prefix: 'b/', expirationDays: 5 }));
    const rule = { prefix: 'a/', expirationDays: 5 };
    for (const id of [theirs.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const patch = await t.request('PATCH', `/api/buckets/shared/lifecycle-rules/${id}`, {
        token: tokenA,
        body: rule,
      });
      expect(patch.statusCode, id).toBe(404);
      expect(body(patch).msg).toBe('LIFECYCLE_RULE_NOT_FOUND');
      const del = await t.request('DELETE', `/api/buckets/shared/lifecycle-rules/${id}`, { token: tokenA });
      expect(body(del).msg).toBe('LIFECYCLE_RULE_NOT_FOUND');
    }
    // B's rule is as it was, and A sees none of it.
    const listB = ok<{ records: LifecycleRule[] }>(
      await t.request('GET', '/api/buckets/shared/lifecycle-rules', { token: tokenB }),
    );
    expect(listB.records).toEqual([theirs]);
    const listA = ok<{ records: LifecycleRule[] }>(
      await t.request('GET', '/api/buckets/shared/lifecycle-rules', { token: tokenA }),
    );
    expect(listA.records).toEqual([]);
    // A bucket the caller has none of is NO_SUCH_BUCKET.
    const none = await t.request('GET', '/api/buckets/nothing-here/lifecycle-rules', { token: tokenA });
    expect(none.statusCode).toBe(404);
    expect(body(none).msg).toBe('NO_SUCH_BUCKET');
  });

  it('refuses a rule whose days are not a positive whole number, field by field', async () => {
    for (const expirationDays of [0, -3, 1.5]) {
      const refused = await addRule('shared', tokenA, { prefix: 'x/', expirationDays });
      expect(refused.statusCode).toBe(400);
      expect(body(refused).errors).toEqual([
        { path: 'expirationDays', message: 'validation.needBePositiveInteger' },
      ]);
    }
    const tagless = await addRule('shared', tokenA, { tagValue: 'v', expirationDays: 3 });
    expect(body(tagless).errors).toEqual([{ path: 'tagKey', message: 'validation.notEmpty' }]);
    const listed = ok<{ total: number }>(
      await t.request('GET', '/api/buckets/shared/lifecycle-rules', { token: tokenA }),
    );
    expect(listed.total).toBe(0);
  });
});
