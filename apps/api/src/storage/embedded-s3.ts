import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import accounts from '@20minutes/s3rver/lib/models/account.js';
import type { ObjectStore } from './object-store.js';
import { embeddedCredentials, type S3Credentials } from './embedded-credentials.js';
import { embeddedGate, newEmbeddedAccess } from './embedded-gate.js';
import { gateControlMiddleware, localGate, type GateControl } from './embedded-gate-control.js';
import { guardStorePaths, type FilesystemStore } from './embedded-paths.js';
import { createS3Store } from './s3-store.js';
import { letS3rverUseDes } from './des-for-s3rver.js';

/** s3rver's published development key, which it accepts unless told otherwise. */
const WELL_KNOWN_KEY = 'S3RVER';

export interface EmbeddedS3 {
  endpoint: string;
  credentials: S3Credentials;
  /** Who may do what (embedded-gate.ts): the portal tells it customers' keys and public buckets. */
  gate: GateControl;
  close(): Promise<void>;
}

export interface EmbeddedS3Options {
  /** 0 (the default): one the system picks. */
  port?: number;
  /** Loopback unless told. */
  address?: string;
  /** The administrative key pair; by default the one drawn and kept in `dir`. */
  credentials?: S3Credentials;
  /**
   * Take the gate's changes as signed requests too (embedded-gate-control.ts): for the server run
   * on its own that several portal instances share (cli/s3-server.ts).
   */
  remoteControl?: boolean;
}

/**
 * s3rver with its files in `dir`, accepting the administrative key pair for everything and what
 * its gate allows for anyone else.
 */
export async function startEmbeddedS3(
  dir: string,
  bucket: string,
  options: EmbeddedS3Options = {},
): Promise<EmbeddedS3> {
  letS3rverUseDes();
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const credentials: S3Credentials = options.credentials ?? (await embeddedCredentials(dir));
  accounts.DUMMY_ACCOUNT.revokeAccessKey(WELL_KNOWN_KEY);
  accounts.DUMMY_ACCOUNT.createKeyPair(credentials.accessKey, credentials.secretKey);
  const access = newEmbeddedAccess();
  const gate = localGate(access);
  const server = new S3rver({
    port: options.port ?? 0,
    address: options.address ?? '127.0.0.1',
    silent: true,
    directory: path.resolve(dir),
    configureBuckets: [{ name: bucket, configs: [] }],
    // A bucket is named by the path only: a Host header must not choose another one.
    vhostBuckets: false,
  });
  // The gate goes just before s3rver's router (the last middleware), after anything that rewrites
  // the path, and the store refuses any file outside its bucket's folder (decision 0024).
  server.middleware.splice(server.middleware.length - 1, 0, embeddedGate(access, credentials.accessKey));
  guardStorePaths(server.store as FilesystemStore);
  if (options.remoteControl) server.middleware.unshift(gateControlMiddleware(gate, credentials) as never);
  const { port } = await server.run();
  const host = options.address && options.address !== '0.0.0.0' ? options.address : '127.0.0.1';
  return {
    endpoint: `http://${host}:${port}`,
    credentials,
    gate,
    close: () => server.close(),
  };
}

/** The embedded default: s3rver in `dir`, spoken to through the same S3 client as production. */
export async function createEmbeddedStore(dir: string, bucket: string): Promise<ObjectStore> {
  const s3 = await startEmbeddedS3(dir, bucket);
  return createS3Store(
    { endpoint: s3.endpoint, region: 'us-east-1', bucket, ...s3.credentials },
    async () => void (await s3.close()),
  );
}
