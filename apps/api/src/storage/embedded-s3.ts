import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import S3rver, { type KoaContext } from '@20minutes/s3rver';
import accounts from '@20minutes/s3rver/lib/models/account.js';
import type { ObjectStore } from './object-store.js';
import { embeddedCredentials, type S3Credentials } from './embedded-credentials.js';
import { createS3Store } from './s3-store.js';

/** s3rver's published development key, which it accepts unless told otherwise. */
const WELL_KNOWN_KEY = 'S3RVER';

/**
 * s3rver serves any request that carries no signature at all, as if it were public; the
 * embedded store has no public objects, so such requests are refused before s3rver sees them.
 */
const refuseUnsigned = async (ctx: KoaContext, next: () => Promise<void>) => {
  const signed = 'authorization' in ctx.headers || 'X-Amz-Algorithm' in ctx.query || 'Signature' in ctx.query;
  if (!signed) {
    ctx.status = 403;
    ctx.body = 'AccessDenied';
    return;
  }
  await next();
};

/**
 * s3rver on loopback with its files in `dir`, accepting only the key pair of that folder. Its port
 * is picked by the system and never leaves the machine.
 */
export async function startEmbeddedS3(dir: string, bucket: string) {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const credentials: S3Credentials = await embeddedCredentials(dir);
  accounts.DUMMY_ACCOUNT.revokeAccessKey(WELL_KNOWN_KEY);
  accounts.DUMMY_ACCOUNT.createKeyPair(credentials.accessKey, credentials.secretKey);
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.resolve(dir),
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  server.middleware.unshift(refuseUnsigned);
  const { port } = await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, credentials, close: () => server.close() };
}

/** The embedded default: s3rver in `dir`, spoken to through the same S3 client as production. */
export async function createEmbeddedStore(dir: string, bucket: string): Promise<ObjectStore> {
  const s3 = await startEmbeddedS3(dir, bucket);
  return createS3Store(
    { endpoint: s3.endpoint, region: 'us-east-1', bucket, ...s3.credentials },
    async () => void (await s3.close()),
  );
}
