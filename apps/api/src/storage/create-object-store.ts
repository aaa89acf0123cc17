import path from 'node:path';
import type { Config } from '../config.js';
import type { ObjectStore } from './object-store.js';
import { createEmbeddedStore } from './embedded-s3.js';
import { createS3Store } from './s3-store.js';

/** S3_ENDPOINT when set; otherwise the embedded S3 server keeping its files in DATA_DIR/s3. */
export async function createObjectStore(config: Config): Promise<ObjectStore> {
  const { s3 } = config;
  if (s3.endpoint) return createS3Store({ ...s3, endpoint: s3.endpoint });
  return createEmbeddedStore(path.join(config.dataDir, 's3'), s3.bucket);
}
