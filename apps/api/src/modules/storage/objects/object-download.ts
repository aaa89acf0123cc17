import type { Readable } from 'node:stream';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { keyName } from '@portal/shared';
import type { BucketBackend } from '../../../storage/buckets/bucket-backend.js';
import { s3 } from '../../../storage/buckets/s3-errors.js';

/** RFC 5987's attr-char: what encodeURIComponent leaves as it is, less the four it must escape. */
const rfc5987 = (text: string) =>
  encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Content-Disposition for saving the object under its name: `filename*` (RFC 5987, UTF-8) for
 * every browser of today, and an ASCII `filename` for those that read only that.
 */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_') || 'download';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(name)}`;
}

export interface Download {
  body: Readable;
  headers: Record<string, string>;
}

/** The object as the S3 service sends it, a chunk at a time; NO_SUCH_KEY when it is not there. */
export async function openDownload(backend: BucketBackend, s3Name: string, key: string): Promise<Download> {
  const object = await s3(() => backend.client.send(new GetObjectCommand({ Bucket: s3Name, Key: key })));
  const headers: Record<string, string> = {
    'content-type': object.ContentType ?? 'application/octet-stream',
    'content-disposition': attachment(keyName(key) || 'download'),
    'cache-control': 'no-store',
  };
  if (object.ContentLength !== undefined) headers['content-length'] = String(object.ContentLength);
  if (object.LastModified) headers['last-modified'] = object.LastModified.toUTCString();
  return { body: object.Body as Readable, headers };
}
