import { S3Client } from '@aws-sdk/client-s3';

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
function stripBucketSlash(client: S3Client) {
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
  return client;
}
