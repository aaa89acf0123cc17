import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bucket } from '@portal/shared';
import { body, build, type TestApp } from '../../../../test/build.js';

/**
 * A key or prefix that climbs out of its bucket, on every object route of the portal: customer B
 * aims at customer A's private bucket (whose S3 name anyone learns from A's public links) with
 * '..' as typed, escaped once or twice, or with backslashes. Each is refused with
 * ILLEGAL_OBJECT_KEY, and A's object stays as it was, where it was.
 */
let t: TestApp;
let tokenA: string;
let tokenB: string;
let vault: Bucket;
let mine: Bucket;
const SECRET = 'the ledger of A';

const admin = () => t.app.buckets.client;
const textOf = async (s3Name: string, key: string) =>
  (await admin().send(new GetObjectCommand({ Bucket: s3Name, Key: key }))).Body!.transformToString();
const keysOf = async (s3Name: string) =>
  ((await admin().send(new ListObjectsV2Command({ Bucket: s3Name }))).Contents ?? [])
    .map((o) => o.Key)
    .sort();

beforeAll(async () => {
  t = await build();
  const a = await t.createTenant();
  const b = await t.createTenant();
  tokenA = await t.signIn(a.root, a.client);
  tokenB = await t.signIn(b.root, b.client);
  vault = body<{ data: Bucket }>(
    await t.request('POST', '/api/buckets', { token: tokenA, body: { name: 'vault' } }),
  ).data;
  mine = body<{ data: Bucket }>(
    await t.request('POST', '/api/buckets', { token: tokenB, body: { name: 'mine' } }),
  ).data;
  for (const [token, bucket, key, text] of [
    [tokenA, 'vault', 'ledger.txt', SECRET],
    [tokenB, 'mine', 'note.txt', 'B'],
  ] as const) {
    const answer = await t.app.inject({
      method: 'PUT',
      url: `/api/buckets/${bucket}/objects?key=${encodeURIComponent(key)}`,
      payload: text,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
  }
});
afterAll(() => t.close());

/** A's ledger as B would name it from its own bucket, in the forms a key can climb with. */
const climbing = () => {
  const target = `${vault.s3Name}/ledger.txt`;
  return [
    `../${target}`,
    `%2e%2e/${target}`,
    `..%2F${target.replace('/', '%2F')}`,
    `%252e%252e%252f${target}`,
    `..\\${target.replace('/', '\\')}`,
    `./../${target}`,
    `a/../../${target}`,
  ];
};
/** The same as a folder (a prefix ends in '/'). */
const climbingFolders = () => [`../${vault.s3Name}/`, `%2e%2e/${vault.s3Name}/`, `..\\${vault.s3Name}/`];

const refusedAsKey = (answer: Awaited<ReturnType<TestApp['request']>>, what: string) => {
  expect(answer.statusCode, `${what}: ${answer.body}`).toBe(400);
  expect(body(answer).msg, what).toBe('ILLEGAL_OBJECT_KEY');
};

describe('object keys never leave their bucket', () => {
  it('reads: download, presign and list refuse a climbing key or prefix', async () => {
    for (const key of climbing()) {
      const query = new URLSearchParams({ key }).toString();
      refusedAsKey(
        await t.request('GET', `/api/buckets/mine/objects/download?${query}`, { token: tokenB }),
        key,
      );
      refusedAsKey(
        await t.request('POST', '/api/buckets/mine/objects/presign', {
          token: tokenB,
          body: { key, expiresMinutes: 5 },
        }),
        key,
      );
    }
    // Escapes in the address itself, decoded once by the server before the key is read.
    for (const raw of [`..%2F${vault.s3Name}%2Fledger.txt`, `%2e%2e%2f${vault.s3Name}%2fledger.txt`]) {
      refusedAsKey(
        await t.request('GET', `/api/buckets/mine/objects/download?key=${raw}`, { token: tokenB }),
        raw,
      );
    }
    for (const prefix of climbingFolders()) {
      const query = new URLSearchParams({ prefix }).toString();
      refusedAsKey(await t.request('GET', `/api/buckets/mine/objects?${query}`, { token: tokenB }), prefix);
    }
  });

  it('writes: upload, folder, rename, copy, move and delete refuse it, and change nothing', async () => {
    for (const key of climbing()) {
      const upload = await t.app.inject({
        method: 'PUT',
        url: `/api/buckets/mine/objects?${new URLSearchParams({ key })}`,
        payload: 'B was here',
        headers: { authorization: `Bearer ${tokenB}`, 'content-type': 'text/plain' },
      });
      refusedAsKey(upload, `upload ${key}`);
      const post = (path: string, payload: unknown) =>
        t.request('POST', `/api/buckets/mine/${path}`, { token: tokenB, body: payload });
      refusedAsKey(await post('objects/delete', { keys: [key] }), `delete ${key}`);
      refusedAsKey(await post('objects/rename', { key, newName: 'stolen.txt' }), `rename ${key}`);
      for (const mode of ['copy', 'move']) {
        refusedAsKey(
          await post('objects/transfer', { keys: [key], destination: '', mode }),
          `${mode} ${key}`,
        );
      }
    }
    const post = (path: string, payload: unknown) =>
      t.request('POST', `/api/buckets/mine/${path}`, { token: tokenB, body: payload });
    for (const prefix of climbingFolders()) {
      refusedAsKey(await post('folders', { prefix, name: 'x' }), `folder in ${prefix}`);
      refusedAsKey(
        await post('objects/transfer', { keys: ['note.txt'], destination: prefix, mode: 'copy' }),
        `copy into ${prefix}`,
      );
    }
    // A new name is one part: '..' is not a name.
    for (const newName of ['..', '.', '%2e%2e']) {
      refusedAsKey(await post('objects/rename', { key: 'note.txt', newName }), `rename to ${newName}`);
    }
    // Lifecycle rules delete what their prefix names.
    refusedAsKey(
      await t.request('POST', '/api/buckets/mine/lifecycle-rules', {
        token: tokenB,
        body: { prefix: `../${vault.s3Name}/`, expirationDays: 1 },
      }),
      'lifecycle prefix',
    );

    expect(await textOf(vault.s3Name, 'ledger.txt')).toBe(SECRET);
    expect(await keysOf(vault.s3Name)).toEqual(['ledger.txt']);
    expect(await keysOf(mine.s3Name)).toEqual(['note.txt']);
  });
});
