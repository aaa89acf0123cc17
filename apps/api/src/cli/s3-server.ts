/**
 * `npm run s3-server`: the portal's embedded S3 server run on its own, so that several API
 * instances share one object store (the cluster script starts it; decision 0027). The instances
 * point at it with S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY and S3_PORTAL_SERVER=1.
 *
 * DATA_DIR (./data): its files are in DATA_DIR/s3. S3_EMBEDDED_PORT (0: a free one) and HOST
 * (127.0.0.1): where it listens. S3_BUCKET (portal): the portal's own bucket. S3_ACCESS_KEY and
 * S3_SECRET_KEY: its administrative key pair; unset, the pair drawn and kept in DATA_DIR/s3.
 */
import path from 'node:path';
import { startEmbeddedS3 } from '../storage/embedded-s3.js';

const env = process.env;
const port = Number(env.S3_EMBEDDED_PORT || 0);
if (!Number.isInteger(port) || port < 0) {
  console.error(`S3_EMBEDDED_PORT must be a port number, got "${env.S3_EMBEDDED_PORT}"`);
  process.exit(2);
}
const dir = path.join(path.resolve(env.DATA_DIR || 'data'), 's3');
const given = env.S3_ACCESS_KEY && env.S3_SECRET_KEY;
const server = await startEmbeddedS3(dir, env.S3_BUCKET || 'portal', {
  port,
  address: env.HOST || '127.0.0.1',
  credentials: given ? { accessKey: env.S3_ACCESS_KEY!, secretKey: env.S3_SECRET_KEY! } : undefined,
  remoteControl: true,
});
process.stdout.write(
  `Portal S3 server listening on ${server.endpoint} (files in ${dir}; key pair ${
    given ? 'from S3_ACCESS_KEY and S3_SECRET_KEY' : `in ${path.join(dir, '.credentials.json')}`
  })\n`,
);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
