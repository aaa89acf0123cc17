import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LifecycleRule } from '@portal/shared';
import type { BucketBackend, LifecycleRuleSpec } from '../../../storage/buckets/bucket-backend.js';
import { embeddedBucketBackend } from '../../../storage/buckets/s3-bucket-backend.js';
import { startEmbeddedS3, type EmbeddedS3 } from '../../../storage/embedded-s3.js';
import { createS3Store } from '../../../storage/s3-store.js';
import { body, build, type TestApp } from '../../../../test/build.js';
import { seedDemoBuckets } from '../demo-buckets.js';

/**
 * On an operator's S3 service (Ceph RGW, MinIO, AWS), which keeps lifecycle itself, each rule
 * change puts the bucket's whole rule set in the same request and a refusal by the service leaves
 * the rules as they were; no API secret keys are issued there. The service here is the embedded
 * server behaving as such a service: lifecycle configurations kept, no keys.
 */
let t: TestApp;
let dir: string;
let server: EmbeddedS3;
let closeAll: () => Promise<void>;
const told = new Map<string, LifecycleRuleSpec[]>();
let refuse = false;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'portal-lifecycle-'));
  server = await startEmbeddedS3(dir, 'portal');
  const embedded = embeddedBucketBackend(server);
  const buckets: BucketBackend = {
    ...embedded,
    lifecycle: 'service',
    // As on an operator's service: the portal issues no keys there.
    keys: null,
    async putLifecycle(s3Name, rules) {
      if (refuse) throw Object.assign(new Error('MalformedXML'), { name: 'MalformedXML' });
      told.set(s3Name, rules);
    },
  };
  const storage = createS3Store({
    endpoint: server.endpoint,
    region: 'us-east-1',
    bucket: 'portal',
    ...server.credentials,
  });
  t = await build({ buckets, storage });
  closeAll = async () => {
    await Promise.all([storage.close(), embedded.close()]);
    await server.close();
  };
});
afterAll(async () => {
  await t.close();
  await closeAll();
  await rm(dir, { recursive: true, force: true });
});

it("puts the bucket's whole rule set at each change; a refusal keeps the rules as they were", async () => {
  const tenant = await t.createTenant();
  const token = await t.signIn(tenant.root, tenant.client);
  const created = await t.request('POST', '/api/buckets', { token, body: { name: 'archive' } });
  const { s3Name } = body<{ data: { s3Name: string } }>(created).data;
  const add = (rule: Record<string, unknown>) => {
    t.clock.advance(1000);
    return t.request('POST', '/api/buckets/archive/lifecycle-rules', { token, body: rule });
  };
  const first = body<{ data: LifecycleRule }>(await add({ prefix: 'logs/', expirationDays: 7 })).data;
  await add({ tagKey: 'class', tagValue: 'temp', expirationDays: 1, enabled: false });
  expect(told.get(s3Name)).toEqual([
    { id: first.id, prefix: 'logs/', expirationDays: 7, enabled: true },
    {
      id: expect.any(String),
      prefix: '',
      tag: { key: 'class', value: 'temp' },
      expirationDays: 1,
      enabled: false,
    },
  ]);

  refuse = true;
  const refused = await t.request('PATCH', `/api/buckets/archive/lifecycle-rules/${first.id}`, {
    token,
    body: { prefix: 'logs/', expirationDays: 90 },
  });
  expect(refused.statusCode).toBe(502);
  expect(body(refused).msg).toBe('AMAZON_SERVICE_ERROR');
  refuse = false;
  const rules = body<{ data: { records: LifecycleRule[] } }>(
    await t.request('GET', '/api/buckets/archive/lifecycle-rules', { token }),
  ).data.records;
  expect(rules.map((r) => r.expirationDays)).toEqual([7, 1]);

  await t.request('DELETE', `/api/buckets/archive/lifecycle-rules/${first.id}`, { token });
  expect(told.get(s3Name)?.map((r) => r.expirationDays)).toEqual([1]);
});

it('issues no API secret keys where the service cannot scope them', async () => {
  const tenant = await t.createTenant();
  const token = await t.signIn(tenant.root, tenant.client);
  const bucket = await t.request('POST', '/api/buckets', { token, body: { name: 'nokeys' } });
  expect(body<{ data: { keysIssued: boolean } }>(bucket).data.keysIssued).toBe(false);
  const refused = await t.request('POST', '/api/bucket-keys', {
    token,
    body: { name: 'ci', bucketName: null },
  });
  expect(refused.statusCode).toBe(400);
  expect(body(refused).msg).toBe('BUCKET_KEYS_NOT_ISSUED');
  const list = await t.request('GET', '/api/bucket-keys', { token });
  expect(body<{ data: { total: number } }>(list).data.total).toBe(0);
});

it("tells the service the demo's seeded rule, as a rule made on the page is told", async () => {
  const tenant = await t.createTenant();
  const token = await t.signIn(tenant.root, tenant.client);
  await seedDemoBuckets(t.db, tenant.client.id, t.app.buckets);
  const backups = body<{ data: { s3Name: string } }>(
    await t.request('GET', '/api/buckets/acme-backups', { token }),
  ).data;
  const rules = body<{ data: { records: LifecycleRule[] } }>(
    await t.request('GET', '/api/buckets/acme-backups/lifecycle-rules', { token }),
  ).data.records;
  expect(rules).toHaveLength(1);
  expect(told.get(backups.s3Name)).toEqual(
    rules.map(({ id, prefix, expirationDays, enabled }) => ({ id, prefix, expirationDays, enabled })),
  );
});
