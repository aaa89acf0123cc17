import { S3Client } from '@aws-sdk/client-s3';
import { keyStaysInBucket } from '@portal/shared';
import { AppError } from '../platform/errors.js';

export interface S3ClientConfig {
  endpoint: string;
  region: string;
  accessKey?: string;
  secretKey?: string;
}

/**
 * The SDK signs a bucket-level path with a trailing slash ("/portal/"), which s3rver answers with
 * an error; real S3 services accept either, so the slash is stripped for all of them (from a
 * bucket's path only).
 */
export function stripBucketSlash(client: S3Client) {
  client.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { path?: string };
      // Only "/<bucket>/": an object key may itself end in '/' (a folder marker).
      if (request.path && /^\/[^/]+\/$/.test(request.path)) {
        request.path = request.path.slice(0, -1);
      }
      return next(args);
    },
    { step: 'build', name: 'stripBucketSlash' },
  );
}

/** The keys a command names: its own, each of a DeleteObjects, and a copy's source. */
function keysOf(input: Record<string, unknown>): string[] {
  const keys: string[] = [];
  if (typeof input.Key === 'string') keys.push(input.Key);
  const objects = (input.Delete as { Objects?: { Key?: string }[] } | undefined)?.Objects ?? [];
  for (const object of objects) if (typeof object.Key === 'string') keys.push(object.Key);
  if (typeof input.CopySource === 'string') {
    const source = input.CopySource.replace(/^\//, '');
    keys.push(source.slice(source.indexOf('/') + 1));
  }
  return keys;
}

/**
 * No command leaves the portal with a key that would not stay in its bucket once the service
 * resolves it (ILLEGAL_OBJECT_KEY): the last of the checks every key goes through, after the
 * routes' schemas, for the keys the portal composes itself (a rename's, a copy's destination).
 */
function refuseKeysOutsideBucket(client: S3Client) {
  client.middlewareStack.add(
    (next) => async (args) => {
      if (!keysOf(args.input as Record<string, unknown>).every(keyStaysInBucket)) {
        throw new AppError(400, 'ILLEGAL_OBJECT_KEY');
      }
      return next(args);
    },
    { step: 'initialize', name: 'refuseKeysOutsideBucket' },
  );
}

/** An S3 client for any S3-compatible service (Ceph RGW, MinIO, AWS), path-style. */
export function createS3Client(config: S3ClientConfig): S3Client {
  // On Node 20 the SDK warns at each start that its releases after the first week of January 2027
  // will need Node 22. The version the lock file installs declares node >=20 and runs on it, so the
  // warning is about a future update, not this install (README, "Node"); set the variable to
  // "false" to see it again.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials:
      config.accessKey && config.secretKey
        ? { accessKeyId: config.accessKey, secretAccessKey: config.secretKey }
        : undefined,
  });
  stripBucketSlash(client);
  refuseKeysOutsideBucket(client);
  return client;
}
