import { Transform, type Readable } from 'node:stream';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { keyName, type ObjectEntry } from '@portal/shared';
import { AppError } from '../../../platform/errors.js';
import type { BucketBackend } from '../../../storage/buckets/bucket-backend.js';
import { s3, s3Refusal } from '../../../storage/buckets/s3-errors.js';

/** The largest file the portal takes in one request (S3's own most for one PUT is 5 GiB). */
export const UPLOAD_MAX_BYTES = 5 * 1024 ** 3;
/**
 * Parts of 6 MiB (S3's least is 5), two in flight: what the server holds of an upload at any time
 * is a few parts, whatever the file's size (6 MiB × 10,000 parts, S3's most, is over 5 GiB).
 */
const PART_BYTES = 6 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

const tooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE');

/** Passes the body through, counting it, and stops it past the limit. */
function counted(limit: number) {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > limit) done(tooLarge());
      else done(null, chunk);
    },
  });
  return { counter, bytes: () => bytes };
}

/**
 * Streams a request's body to the object `key`, in parts (S3 multipart through lib-storage's
 * Upload; a small body is one PUT): the body is never held whole. The Content-Type sent is kept as
 * the object's type. A body cut short, refused or over UPLOAD_MAX_BYTES leaves no object and no
 * parts behind.
 */
export async function uploadObject(
  backend: BucketBackend,
  target: { s3Name: string; key: string; contentType: string | undefined; declaredBytes: number | undefined },
  body: Readable | undefined,
  limit = UPLOAD_MAX_BYTES,
): Promise<ObjectEntry> {
  if (target.declaredBytes !== undefined && target.declaredBytes > limit) throw tooLarge();
  const { counter, bytes } = counted(limit);
  if (body) {
    body.on('error', (error) => counter.destroy(error));
    body.pipe(counter);
  } else {
    counter.end();
  }
  const upload = new Upload({
    client: backend.client,
    params: {
      Bucket: target.s3Name,
      Key: target.key,
      Body: counter,
      ContentType: target.contentType || 'application/octet-stream',
    },
    partSize: PART_BYTES,
    queueSize: PARTS_IN_FLIGHT,
    leavePartsOnError: false,
  });
  try {
    await upload.done();
  } catch (error) {
    if (bytes() > limit) throw tooLarge();
    if (error instanceof AppError) throw error;
    // The caller went away or sent less than it said: not the service's fault.
    if (body?.destroyed || (body as { aborted?: boolean } | undefined)?.aborted) {
      throw new AppError(400, 'FORMAT_ERROR');
    }
    throw s3Refusal(error);
  }
  const stored = await s3(() =>
    backend.client.send(new HeadObjectCommand({ Bucket: target.s3Name, Key: target.key })),
  );
  return {
    key: target.key,
    name: keyName(target.key),
    type: 'file',
    size: stored.ContentLength ?? bytes(),
    lastModified: stored.LastModified?.toISOString() ?? null,
  };
}
