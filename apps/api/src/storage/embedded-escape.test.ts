import { request as httpRequest } from 'node:http';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedS3, type EmbeddedS3 } from './embedded-s3.js';
import { stripBucketSlash } from './s3-client.js';

/**
 * Keys that climb out of their bucket, on every way into the embedded S3 server: unsigned, signed
 * with a customer's key (tenant-wide and one-bucket), presigned, in a copy's source, in a
 * multi-object delete's body and in a multipart upload's id. Tenant A has a private bucket with a
 * secret and a public one; tenant B has its own bucket and keys. Nothing B does may read, change
 * or remove A's secret, nor write a file outside the server's folder.
 */
const A_PRIVATE = 'taaaaaaaaaaaa-private';
const A_SITE = 'taaaaaaaaaaaa-site';
const B_OWN = 'tbbbbbbbbbbbb-own';
const SECRET = 'payroll.txt';
const SECRET_TEXT = 'the payroll of A';

let root: string;
let dir: string;
let s3: EmbeddedS3;
let admin: S3Client;
const tenantKey = { accessKeyId: 'BTENANTKEY', secretAccessKey: 'b-tenant-secret' };
const bucketKey = { accessKeyId: 'BBUCKETKEY', secretAccessKey: 'b-bucket-secret' };

/**
 * A plain S3 client, as a customer's tool is, that sends `rawPath` (when given) exactly as it is,
 * signed: the SDK would otherwise encode what the test wants to send raw.
 */
function customer(credentials: typeof tenantKey, rawPath?: string) {
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials,
  });
  stripBucketSlash(client);
  if (rawPath) {
    client.middlewareStack.add(
      (next) => async (args) => {
        (args.request as { path: string }).path = rawPath;
        return next(args);
      },
      { step: 'build', name: 'rawPath' },
    );
  }
  return client;
}

/** An unsigned request with the path as given (no client normalizes it). */
function raw(method: string, rawPath: string, headers: Record<string, string> = {}) {
  const url = new URL(s3.endpoint);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method, path: rawPath, headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Whether a call went through: its outcome, never a thrown 500. */
async function outcome(call: Promise<unknown>): Promise<{ ok: boolean; status: number; text: string }> {
  try {
    const answer = (await call) as { Body?: { transformToString(): Promise<string> } };
    return { ok: true, status: 200, text: (await answer.Body?.transformToString()) ?? '' };
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode ?? 0;
    return { ok: false, status, text: String((error as Error).name) };
  }
}

const secretText = async () =>
  (await admin.send(new GetObjectCommand({ Bucket: A_PRIVATE, Key: SECRET }))).Body!.transformToString();

/** Every file under the test's root folder but the server's own. */
async function filesOutsideServer(): Promise<string[]> {
  return (await readdir(root, { recursive: true })).filter((f) => !f.startsWith('server'));
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'portal-s3-escape-'));
  dir = path.join(root, 'server', 's3');
  s3 = await startEmbeddedS3(dir, 'portal');
  admin = customer({ accessKeyId: s3.credentials.accessKey, secretAccessKey: s3.credentials.secretKey });
  for (const bucket of [A_PRIVATE, A_SITE, B_OWN]) {
    await admin.send(new CreateBucketCommand({ Bucket: bucket }));
  }
  await admin.send(new PutObjectCommand({ Bucket: A_PRIVATE, Key: SECRET, Body: SECRET_TEXT }));
  // What a Host header could make of a public bucket's key, were the bucket read from it.
  await admin.send(
    new PutObjectCommand({ Bucket: A_PRIVATE, Key: `${A_SITE}/${SECRET}`, Body: SECRET_TEXT }),
  );
  await admin.send(new PutObjectCommand({ Bucket: A_SITE, Key: 'index.html', Body: 'welcome' }));
  await admin.send(new PutObjectCommand({ Bucket: B_OWN, Key: 'mine.txt', Body: 'B' }));
  await s3.gate.setPublic(A_SITE, true);
  for (const [key, scope] of [
    [tenantKey, { tenantPrefix: 'tbbbbbbbbbbbb-' }],
    [bucketKey, { tenantPrefix: 'tbbbbbbbbbbbb-', bucket: B_OWN }],
  ] as const) {
    await s3.gate.grant({ ...key, ...scope });
  }
});
afterAll(async () => {
  admin?.destroy();
  await s3?.close();
  await rm(root, { recursive: true, force: true });
});

/** The forms of "up one folder" a key can take. */
const UP = ['..', '%2e%2e', '%2E%2e', '.%2e'];
/** The same, as a path segment's separator after it. */
const UP_SLASH = ['../', '..%2F', '..%2f', '%2e%2e%2f', '..\\', '..%5C', '%252e%252e%252f'];

describe('the embedded S3 server keeps every key in its bucket', () => {
  it('an unsigned request cannot read a private bucket through a public one', async () => {
    const paths = [
      ...UP.map((up) => `/${A_SITE}/${up}/${A_PRIVATE}/${SECRET}`),
      ...UP_SLASH.map((up) => `/${A_SITE}/${up}${A_PRIVATE}/${SECRET}`),
      `/${A_SITE}%2F..%2F${A_PRIVATE}/${SECRET}`,
      `/${A_SITE}/./../${A_PRIVATE}/${SECRET}`,
    ];
    for (const p of paths) {
      const answer = await raw('GET', p);
      expect(answer.body, p).not.toContain(SECRET_TEXT);
      expect(answer.status, p).toBeGreaterThanOrEqual(400);
      expect(answer.status, p).toBeLessThan(500);
    }
    // Nor by naming the private bucket in the Host header.
    const viaHost = await raw('GET', `/${A_SITE}/${SECRET}`, { host: A_PRIVATE });
    expect(viaHost.body).not.toContain(SECRET_TEXT);
    const viaAwsHost = await raw('GET', `/${SECRET}`, { host: `${A_PRIVATE}.s3.amazonaws.com` });
    expect(viaAwsHost.body).not.toContain(SECRET_TEXT);
    // The public bucket itself still answers.
    expect((await raw('GET', `/${A_SITE}/index.html`)).body).toBe('welcome');
  });

  it("a customer's key, tenant-wide or of one bucket, reaches no other tenant's object", async () => {
    for (const credentials of [tenantKey, bucketKey]) {
      const client = customer(credentials);
      for (const up of ['..', '%2e%2e', '..\\..', '.']) {
        const key = `${up}/${A_PRIVATE}/${SECRET}`;
        const got = await outcome(client.send(new GetObjectCommand({ Bucket: B_OWN, Key: key })));
        expect(got.text, key).not.toContain(SECRET_TEXT);
        expect(got.status, key).toBeGreaterThanOrEqual(400);
        expect(got.status, key).toBeLessThan(500);
      }
      const overwrite = await outcome(
        client.send(
          new PutObjectCommand({ Bucket: B_OWN, Key: `../${A_PRIVATE}/${SECRET}`, Body: 'B was here' }),
        ),
      );
      expect(overwrite.ok).toBe(false);
      const removed = await outcome(
        client.send(new DeleteObjectCommand({ Bucket: B_OWN, Key: `../${A_PRIVATE}/${SECRET}` })),
      );
      expect(removed.ok).toBe(false);
      // In a multi-object delete the keys travel in the body, past any check of the URL.
      await outcome(
        client.send(
          new DeleteObjectsCommand({
            Bucket: B_OWN,
            Delete: { Objects: [{ Key: `../${A_PRIVATE}/${SECRET}` }], Quiet: true },
          }),
        ),
      );
      // A copy's source names its bucket and key in a header.
      for (const source of [
        `${B_OWN}/../${A_PRIVATE}/${SECRET}`,
        `/${B_OWN}/%2e%2e/${A_PRIVATE}/${SECRET}`,
        `${B_OWN}%2F..%2F${A_PRIVATE}/${SECRET}`,
      ]) {
        const copied = await outcome(
          client.send(new CopyObjectCommand({ Bucket: B_OWN, Key: 'stolen.txt', CopySource: source })),
        );
        expect(copied.ok, source).toBe(false);
      }
      // A bucket name that decodes to a path, and a Host header, once signed.
      for (const rawPath of [
        `/${B_OWN}%2F..%2F${A_PRIVATE}/${SECRET}`,
        `/${B_OWN}/..%2F${A_PRIVATE}%2F${SECRET}`,
      ]) {
        const got = await outcome(
          customer(credentials, rawPath).send(new GetObjectCommand({ Bucket: B_OWN, Key: 'x' })),
        );
        expect(got.text, rawPath).not.toContain(SECRET_TEXT);
        expect(got.ok, rawPath).toBe(false);
      }
      client.destroy();
    }
    expect(await secretText()).toBe(SECRET_TEXT);
    const stolen = await outcome(admin.send(new GetObjectCommand({ Bucket: B_OWN, Key: 'stolen.txt' })));
    expect(stolen.ok).toBe(false);
  });

  it('a presigned link of a climbing key reads nothing', async () => {
    const client = customer(tenantKey);
    for (const key of [`../${A_PRIVATE}/${SECRET}`, `%2e%2e/${A_PRIVATE}/${SECRET}`]) {
      // The link as signed: a URL object would resolve its '..' before the request is sent.
      const link = await getSignedUrl(client, new GetObjectCommand({ Bucket: B_OWN, Key: key }), {
        expiresIn: 60,
      });
      const answer = await raw('GET', link.slice(s3.endpoint.length));
      expect(answer.body, key).not.toContain(SECRET_TEXT);
      expect(answer.status, key).toBeGreaterThanOrEqual(400);
      expect(answer.status, key).toBeLessThan(500);
    }
    client.destroy();
  });

  it('no file is written outside the server folder, by a key or by an upload id', async () => {
    const client = customer(tenantKey);
    for (const key of ['../../../escaped.txt', '..%2F..%2F..%2Fescaped.txt', 'a/../../../../escaped.txt']) {
      await outcome(client.send(new PutObjectCommand({ Bucket: B_OWN, Key: key, Body: 'out' })));
    }
    const upload = await client.send(new CreateMultipartUploadCommand({ Bucket: B_OWN, Key: 'big.bin' }));
    expect(upload.UploadId).toMatch(/^[0-9a-f]{32}$/);
    const part = await outcome(
      client.send(
        new UploadPartCommand({
          Bucket: B_OWN,
          Key: 'big.bin',
          UploadId: '../../../../escaped',
          PartNumber: 1,
          Body: 'out',
        }),
      ),
    );
    expect(part.ok).toBe(false);
    expect(await filesOutsideServer()).toEqual([]);
    client.destroy();
  });

  it('keys the file store would fold into others, or keep as its own files, are refused', async () => {
    const client = customer(tenantKey);
    for (const key of ['a//b.txt', '/lead.txt', 'x._S3rver_object/y', `${'n'.repeat(240)}/z`]) {
      const put = await outcome(client.send(new PutObjectCommand({ Bucket: B_OWN, Key: key, Body: 'x' })));
      expect(put.ok, key).toBe(false);
      expect(put.status, key).toBe(400);
    }
    // Ordinary keys, a folder's marker and escapes that are only text still work.
    for (const key of ['photos/', 'photos/a b+c%20.txt', 'notes..txt', '...', '中文/名稱.txt']) {
      await client.send(new PutObjectCommand({ Bucket: B_OWN, Key: key, Body: 'ok' }));
      const got = await client.send(new GetObjectCommand({ Bucket: B_OWN, Key: key }));
      expect(await got.Body!.transformToString(), key).toBe('ok');
    }
    const listed = await client.send(new ListObjectsV2Command({ Bucket: B_OWN }));
    expect(listed.Contents?.map((o) => o.Key)).toContain('中文/名稱.txt');
    client.destroy();
  });
});
