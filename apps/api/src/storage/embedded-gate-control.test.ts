import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteGate } from './embedded-gate-control.js';
import { startEmbeddedS3, type EmbeddedS3 } from './embedded-s3.js';
import { createS3Client } from './s3-client.js';

/**
 * The portal's S3 server run on its own (cli/s3-server.ts): instances tell its gate, over signed
 * requests, which buckets are public and which customer keys exist.
 */
let root: string;
let server: EmbeddedS3;
const BUCKET = 'tabc0123456789-site';
const key = {
  accessKeyId: 'PORTALTESTCUSTOMER01',
  secretAccessKey: 'customer-secret-of-forty-characters-xx',
};

const client = (accessKey: string, secretKey: string) =>
  createS3Client({ endpoint: server.endpoint, region: 'us-east-1', accessKey, secretKey });
const anonymousRead = async () => (await fetch(`${server.endpoint}/${BUCKET}/index.html`)).status;
async function customerRead(): Promise<string> {
  const s3 = client(key.accessKeyId, key.secretAccessKey);
  try {
    const answer = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'index.html' }));
    return await answer.Body!.transformToString();
  } catch (error) {
    return (error as { name: string }).name;
  } finally {
    s3.destroy();
  }
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'portal-s3-control-'));
  server = await startEmbeddedS3(path.join(root, 's3'), 'portal', { remoteControl: true });
  const admin = client(server.credentials.accessKey, server.credentials.secretKey);
  await admin.send(new CreateBucketCommand({ Bucket: BUCKET }));
  await admin.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'index.html', Body: 'welcome' }));
  admin.destroy();
});
afterAll(async () => {
  await server?.close();
  await rm(root, { recursive: true, force: true });
});

describe("the S3 server's gate, told over HTTP", () => {
  it('opens and closes a bucket to anonymous reads', async () => {
    const gate = remoteGate(server.endpoint, server.credentials);
    expect(await anonymousRead()).toBe(403);
    await gate.setPublic(BUCKET, true);
    expect(await anonymousRead()).toBe(200);
    await gate.setPublic(BUCKET, false);
    expect(await anonymousRead()).toBe(403);
  });

  it("grants and revokes a customer's key, scoped to its tenant's buckets", async () => {
    const gate = remoteGate(server.endpoint, server.credentials);
    expect(await customerRead()).toBe('InvalidAccessKeyId');
    await gate.grant({ ...key, tenantPrefix: 'tabc0123456789-' });
    expect(await customerRead()).toBe('welcome');
    await gate.revoke(key.accessKeyId);
    expect(await customerRead()).toBe('InvalidAccessKeyId');
    await gate.grant({ ...key, tenantPrefix: 'tother00000000-' });
    expect(await customerRead()).toBe('AccessDenied');
    await gate.revoke(key.accessKeyId);
  });

  it('refuses a change signed with another key or unsigned', async () => {
    const forged = remoteGate(server.endpoint, { ...server.credentials, secretKey: 'x'.repeat(40) });
    await expect(forged.setPublic(BUCKET, true)).rejects.toThrow(/403/);
    const unsigned = await fetch(`${server.endpoint}/_portal/gate/public/${BUCKET}`, { method: 'PUT' });
    expect(unsigned.status).toBe(403);
    expect(await anonymousRead()).toBe(403);
  });
});
