import path from 'node:path';
import type { Config } from '../config.js';
import type { ObjectStore } from './object-store.js';
import type { BucketBackend } from './buckets/bucket-backend.js';
import { embeddedBucketBackend, serviceBucketBackend } from './buckets/s3-bucket-backend.js';
import { startEmbeddedS3 } from './embedded-s3.js';
import { remoteGate } from './embedded-gate-control.js';
import { createS3Store } from './s3-store.js';

export interface Storage {
  /** The portal's own private objects (identity documents). */
  objects: ObjectStore;
  /** The customers' buckets. */
  buckets: BucketBackend;
  close(): Promise<void>;
}

/**
 * S3_ENDPOINT when set (an operator's S3 service, or with S3_PORTAL_SERVER=1 the portal's own S3
 * server that several instances share); otherwise the embedded S3 server keeping its files in
 * DATA_DIR/s3, on S3_EMBEDDED_PORT (a free port when unset). Both the portal's objects and
 * customers' buckets live there.
 */
export async function createStorage(config: Config): Promise<Storage> {
  const { s3 } = config;
  if (s3.endpoint && s3.portalServer) {
    const server = {
      endpoint: s3.endpoint,
      credentials: { accessKey: s3.accessKey!, secretKey: s3.secretKey! },
    };
    const objects = createS3Store({ ...s3, endpoint: server.endpoint });
    const buckets = embeddedBucketBackend(
      { ...server, gate: remoteGate(server.endpoint, server.credentials) },
      s3.publicEndpoint,
    );
    return {
      objects,
      buckets,
      close: async () => void (await Promise.all([objects.close(), buckets.close()])),
    };
  }
  if (s3.endpoint) {
    const objects = createS3Store({ ...s3, endpoint: s3.endpoint });
    const buckets = serviceBucketBackend({ ...s3, endpoint: s3.endpoint });
    return {
      objects,
      buckets,
      close: async () => void (await Promise.all([objects.close(), buckets.close()])),
    };
  }
  const server = await startEmbeddedS3(path.join(config.dataDir, 's3'), s3.bucket, {
    port: s3.embeddedPort,
  });
  const objects = createS3Store({
    endpoint: server.endpoint,
    region: 'us-east-1',
    bucket: s3.bucket,
    ...server.credentials,
  });
  const buckets = embeddedBucketBackend(server, s3.publicEndpoint);
  return {
    objects,
    buckets,
    async close() {
      await Promise.all([objects.close(), buckets.close()]);
      await server.close();
    },
  };
}
