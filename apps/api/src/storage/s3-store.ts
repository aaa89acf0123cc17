import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config.js';
import type { ObjectStore } from './object-store.js';

/**
 * The SDK signs a bucket-level path with a trailing slash ("/portal/"), which s3rver answers with
 * an error; real S3 services accept either, so the slash is stripped for all of them.
 */
function stripBucketSlash(client: S3Client) {
  client.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { path?: string };
      if (request.path && request.path.length > 1 && request.path.endsWith('/')) {
        request.path = request.path.slice(0, -1);
      }
      return next(args);
    },
    { step: 'build', name: 'stripBucketSlash' },
  );
}

/** An ObjectStore over any S3-compatible service (Ceph RGW, MinIO, AWS). */
export function createS3Store(
  config: Required<Pick<S3Config, 'endpoint' | 'region' | 'bucket'>> &
    Pick<S3Config, 'accessKey' | 'secretKey'>,
  onClose: () => Promise<void> = async () => {},
): ObjectStore {
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
  const Bucket = config.bucket;
  let bucketReady: Promise<void> | undefined;
  const ensureBucket = () =>
    (bucketReady ??= client
      .send(new HeadBucketCommand({ Bucket }))
      .then(() => undefined)
      .catch(async () => {
        await client.send(new CreateBucketCommand({ Bucket }));
      })
      .catch((error: unknown) => {
        bucketReady = undefined;
        throw error;
      }));

  return {
    async put(key, body, contentType) {
      await ensureBucket();
      // No ACL: objects stay private to the API's credentials.
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },
    async get(key) {
      await ensureBucket();
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        const bytes = await out.Body?.transformToByteArray();
        return {
          body: Buffer.from(bytes ?? new Uint8Array()),
          contentType: out.ContentType ?? 'application/octet-stream',
        };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async delete(key) {
      await ensureBucket();
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async close() {
      client.destroy();
      await onClose();
    },
  };
}
