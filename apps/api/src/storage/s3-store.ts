import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config.js';
import type { ObjectStore } from './object-store.js';
import { createS3Client } from './s3-client.js';

/** An ObjectStore over any S3-compatible service (Ceph RGW, MinIO, AWS). */
export function createS3Store(
  config: Required<Pick<S3Config, 'endpoint' | 'region' | 'bucket'>> &
    Pick<S3Config, 'accessKey' | 'secretKey'>,
  onClose: () => Promise<void> = async () => {},
): ObjectStore {
  const client = createS3Client(config);
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
