import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedStore, startEmbeddedS3 } from './embedded-s3.js';
import { createS3Store } from './s3-store.js';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'portal-s3-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const BUCKET = 'portal';

describe('the embedded S3 server', () => {
  it('draws a key pair per data folder, keeps it across restarts, readable by this user only', async () => {
    const a = await startEmbeddedS3(path.join(root, 'a'), BUCKET);
    await a.close();
    const b = await startEmbeddedS3(path.join(root, 'b'), BUCKET);
    await b.close();
    const again = await startEmbeddedS3(path.join(root, 'a'), BUCKET);
    await again.close();

    expect(a.credentials.accessKey).not.toBe(b.credentials.accessKey);
    expect(a.credentials.secretKey).not.toBe(b.credentials.secretKey);
    expect(again.credentials).toEqual(a.credentials);
    expect(a.credentials.accessKey).not.toBe('S3RVER');
    const file = await stat(path.join(root, 'a', '.credentials.json'));
    expect(file.mode & 0o777).toBe(0o600);
    expect((await stat(path.join(root, 'a'))).mode & 0o077).toBe(0);
  });

  it("keeps objects for its own key pair, and refuses s3rver's published key and unsigned requests", async () => {
    const dir = path.join(root, 'c');
    const store = await createEmbeddedStore(dir, BUCKET);
    const s3 = await startEmbeddedS3(path.join(root, 'probe'), BUCKET);
    try {
      await store.put('docs/one', Buffer.from('identity card'), 'image/png');
      expect((await store.get('docs/one'))?.body.toString()).toBe('identity card');

      // A second server on another folder, to probe without holding the first one's endpoint.
      const own = createS3Store({
        endpoint: s3.endpoint,
        region: 'us-east-1',
        bucket: BUCKET,
        ...s3.credentials,
      });
      await own.put('x', Buffer.from('mine'), 'text/plain');
      const published = createS3Store({
        endpoint: s3.endpoint,
        region: 'us-east-1',
        bucket: BUCKET,
        accessKey: 'S3RVER',
        secretKey: 'S3RVER',
      });
      await expect(published.get('x')).rejects.toThrow(/Access Key Id/);
      await expect(published.put('y', Buffer.from('theirs'), 'text/plain')).rejects.toThrow();

      for (const method of ['GET', 'PUT', 'DELETE']) {
        const response = await fetch(`${s3.endpoint}/${BUCKET}/x`, {
          method,
          body: method === 'PUT' ? 'overwritten' : undefined,
        });
        expect(response.status, method).toBe(403);
      }
      expect((await own.get('x'))?.body.toString()).toBe('mine');
      await own.close();
      await published.close();
    } finally {
      await s3.close();
      await store.close();
    }
  });
});
