import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bucket } from '@portal/shared';
import { body, build, ok, type SignedIn, TEST_PASSWORD, type TestApp } from '../../../../test/build.js';

let t: TestApp;
let a: SignedIn;
let b: SignedIn;

beforeAll(async () => {
  t = await build();
  [a, b] = [await t.signedInTenant(), await t.signedInTenant()];
});
afterAll(() => t.close());

const create = (name: string, token: string, isPublic = false) =>
  t.request('POST', '/api/buckets', { token, body: { name, isPublic } });
const backend = () => t.app.buckets;

describe('buckets', () => {
  it('two customers may both have "photos": two S3 buckets, neither sees the other', async () => {
    const mine = ok<Bucket>(await create('photos', a.token));
    const theirs = ok<Bucket>(await create('photos', b.token));
    expect(mine.s3Name).not.toBe(theirs.s3Name);
    expect(mine).toMatchObject({ name: 'photos', isPublic: false, sizeBytes: 0, objectCount: 0 });

    await backend().client.send(
      new PutObjectCommand({ Bucket: theirs.s3Name, Key: 'secret.txt', Body: 'theirs' }),
    );
    const listA = ok<{ records: Bucket[] }>(await t.request('GET', '/api/buckets', { token: a.token }));
    expect(listA.records.map((r) => r.s3Name)).toEqual([mine.s3Name]);
    // B's bucket is not empty, A's is: A deletes its own, B's stays.
    const del = await t.request('DELETE', '/api/buckets/photos', {
      token: a.token,
      body: { currentPassword: TEST_PASSWORD },
    });
    expect(del.statusCode, del.body).toBe(200);
    const still = await backend().client.send(
      new GetObjectCommand({ Bucket: theirs.s3Name, Key: 'secret.txt' }),
    );
    expect(await still.Body?.transformToString()).toBe('theirs');
    expect((await t.request('GET', '/api/buckets/photos', { token: a.token })).statusCode).toBe(404);
    expect(ok<Bucket>(await t.request('GET', '/api/buckets/photos', { token: b.token })).name).toBe('photos');
  });

  it('refuses names S3 would refuse with ILLEGAL_BUCKET_NAME, and a second bucket of one name', async () => {
    for (const name of ['ab', 'Photos', 'my_bucket', '-abc', 'abc-', 'a'.repeat(64)]) {
      const response = await create(name, a.token);
      expect(response.statusCode, name).toBe(400);
      expect(body<{ msg: string }>(response).msg, name).toBe('ILLEGAL_BUCKET_NAME');
    }
    ok(await create('logs-2026', a.token));
    const again = await create('logs-2026', a.token);
    expect(body<{ msg: string }>(again).msg).toBe('BUCKET_ALREADY_EXISTS');
    const long = ok<Bucket>(await create('x'.repeat(63), a.token));
    expect(long.s3Name.length).toBeLessThanOrEqual(63);
  });

  it('deletes only an empty bucket and only with the password; empty clears it', async () => {
    const bucket = ok<Bucket>(await create('full', a.token));
    for (const key of ['a.txt', 'docs/b.txt', 'docs/']) {
      await backend().client.send(new PutObjectCommand({ Bucket: bucket.s3Name, Key: key, Body: 'x' }));
    }
    const wrong = await t.request('DELETE', '/api/buckets/full', {
      token: a.token,
      body: { currentPassword: 'nope' },
    });
    expect(body<{ msg: string }>(wrong).msg).toBe('INCORRECT_PASSWORD');
    const notEmpty = await t.request('DELETE', '/api/buckets/full', {
      token: a.token,
      body: { currentPassword: TEST_PASSWORD },
    });
    expect(body<{ msg: string }>(notEmpty).msg).toBe('BUCKET_NOT_EMPTY');
    const emptyWrong = await t.request('POST', '/api/buckets/full/empty', {
      token: a.token,
      body: { currentPassword: 'nope' },
    });
    expect(body<{ msg: string }>(emptyWrong).msg).toBe('INCORRECT_PASSWORD');
    ok(
      await t.request('POST', '/api/buckets/full/empty', {
        token: a.token,
        body: { currentPassword: TEST_PASSWORD },
      }),
    );
    ok(
      await t.request('DELETE', '/api/buckets/full', {
        token: a.token,
        body: { currentPassword: TEST_PASSWORD },
      }),
    );
  });

  it('a public bucket is readable without a signature; a private one is not', async () => {
    const bucket = ok<Bucket>(await create('site', a.token, true));
    expect(bucket.isPublic).toBe(true);
    await backend().client.send(
      new PutObjectCommand({ Bucket: bucket.s3Name, Key: 'index.html', Body: '<h1>hi</h1>' }),
    );
    const url = `${bucket.endpoint}/${bucket.s3Name}/index.html`;
    expect((await fetch(url)).status).toBe(200);
    ok(await t.request('PATCH', '/api/buckets/site', { token: a.token, body: { isPublic: false } }));
    expect((await fetch(url)).status).toBe(403);
    // Another customer cannot change it.
    expect(
      (await t.request('PATCH', '/api/buckets/site', { token: b.token, body: { isPublic: true } }))
        .statusCode,
    ).toBe(404);
  });
});
