import path from 'node:path';
import S3Error from '@20minutes/s3rver/lib/models/error.js';
import { keyStaysInBucket, OBJECT_KEY_MAX_BYTES, utf8Length } from '@portal/shared';

/**
 * How the embedded S3 server (s3rver) turns a bucket and a key into files, and what it must
 * refuse so that every key stays a file of its own bucket's folder (decision 0024).
 *
 * s3rver keeps an object of key `a/b/c` as `<root>/<bucket>/a/b/c._S3rver_object` (with
 * `._S3rver_metadata.json` and `._S3rver_object.md5` beside it) and joins the parts with
 * `path.join`, which resolves '..' and folds '//'. So a key is refused (InvalidObjectName, 400,
 * as MinIO answers such keys) when:
 * - it would not stay in its bucket however it resolves (the shared `keyStaysInBucket`: '.', '..',
 *   escaped or with backslashes, empty parts, NUL);
 * - a part holds s3rver's own marker `._S3rver_`, which would make one key's folder another key's
 *   file (or its metadata);
 * and KeyTooLongError when a part with its longest suffix is over the file system's 255 bytes, or
 * the key over S3's 1,024.
 */
const MARK = '._S3rver_';
const LONGEST_SUFFIX = `${MARK}metadata.json`;
const NAME_MAX_BYTES = 255;
/** An S3 bucket name (S3's own rule): one path part, never '.' or '..'. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
/** s3rver's multipart upload ids: 16 random bytes in hex. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

export type EmbeddedRefusal = 'InvalidBucketName' | 'InvalidObjectName' | 'KeyTooLongError' | 'NoSuchUpload';

export const isEmbeddedBucketName = (name: string) => BUCKET_NAME.test(name);
export const isEmbeddedUploadId = (id: string) => UPLOAD_ID.test(id);

/** Why the embedded server cannot keep `key` as a file of its bucket, or null when it can. */
export function embeddedKeyProblem(key: string): EmbeddedRefusal | null {
  if (!keyStaysInBucket(key)) return 'InvalidObjectName';
  const parts = key.split('/');
  if (parts.some((part) => part.includes(MARK))) return 'InvalidObjectName';
  if (utf8Length(key) > OBJECT_KEY_MAX_BYTES) return 'KeyTooLongError';
  if (parts.some((part) => utf8Length(part + LONGEST_SUFFIX) > NAME_MAX_BYTES)) return 'KeyTooLongError';
  return null;
}

const MESSAGES: Record<EmbeddedRefusal, { status: number; message: string }> = {
  InvalidBucketName: { status: 400, message: 'The specified bucket is not valid.' },
  InvalidObjectName: {
    status: 400,
    message: 'Object name has a dot or dot-dot segment, an empty segment or a reserved part.',
  },
  KeyTooLongError: { status: 400, message: 'Your key is too long.' },
  NoSuchUpload: { status: 404, message: 'The specified upload does not exist.' },
};

export const embeddedRefusal = (code: EmbeddedRefusal) => ({ code, ...MESSAGES[code] });

/** The refusal as s3rver throws its own errors (it answers them as S3's XML). */
function thrown(code: EmbeddedRefusal): Error {
  const { status, message } = MESSAGES[code];
  return Object.assign(new S3Error(code, message), { status, expose: true });
}

/** Throws unless `file` lies strictly inside `folder`. */
function assertInside(folder: string, file: string): void {
  const relative = path.relative(folder, file);
  const climbs = relative === '..' || relative.startsWith(`..${path.sep}`);
  if (relative === '' || climbs || path.isAbsolute(relative)) {
    throw thrown('InvalidObjectName');
  }
}

/** The part of s3rver's file store the guard wraps (stores/filesystem.js). */
export interface FilesystemStore {
  rootDirectory: string;
  getBucketPath(bucket: string): string;
  getResourcePath(bucket: string, key: string | undefined, resource: string): string;
  putPart(bucket: string, uploadId: string, partNumber: number, content: unknown): Promise<unknown>;
  putObjectMultipart(bucket: string, uploadId: string, parts: unknown): Promise<unknown>;
}

/**
 * The store's last word: every file it reaches goes through `getBucketPath` or `getResourcePath`
 * (an upload's parts through the latter and their upload id), so those refuse a bucket that is not
 * one name, a key the embedded server cannot keep, an upload id s3rver did not draw, and any path
 * that resolves outside its bucket's folder. This holds whatever way the name came in: the URL,
 * a copy's source header, the keys of a multi-object delete's body.
 */
export function guardStorePaths(store: FilesystemStore): void {
  const root = path.resolve(store.rootDirectory);
  const bucketPath = store.getBucketPath.bind(store);
  const resourcePath = store.getResourcePath.bind(store);

  const checkedBucket = (bucket: string) => {
    if (!isEmbeddedBucketName(bucket)) throw thrown('InvalidBucketName');
    const folder = path.resolve(bucketPath(bucket));
    assertInside(root, folder);
    return folder;
  };
  store.getBucketPath = (bucket) => {
    checkedBucket(bucket);
    return bucketPath(bucket);
  };
  store.getResourcePath = (bucket, key = '', resource) => {
    const folder = checkedBucket(bucket);
    // '' is the bucket's own resources (its configuration, its uploads' folder).
    const problem = key === '' ? null : embeddedKeyProblem(key);
    if (problem) throw thrown(problem);
    const file = resourcePath(bucket, key, resource);
    assertInside(folder, path.resolve(file));
    return file;
  };
  // An upload's parts are files named by its id, which the request's query carries: only an id
  // s3rver drew (its key is checked when the upload starts, at the gate, and when it completes,
  // by getResourcePath).
  const withUploadId =
    <A extends unknown[], R>(call: (bucket: string, uploadId: string, ...rest: A) => Promise<R>) =>
    (bucket: string, uploadId: string, ...rest: A): Promise<R> =>
      isEmbeddedUploadId(uploadId) ? call(bucket, uploadId, ...rest) : Promise.reject(thrown('NoSuchUpload'));
  store.putPart = withUploadId(store.putPart.bind(store));
  store.putObjectMultipart = withUploadId(store.putObjectMultipart.bind(store));
}

/**
 * The bucket and key a request names, read as s3rver's router reads them (`/:bucket/:key*`, each
 * decoded with `decodeURIComponent` after '+' is read as a space; an escape that does not decode
 * is kept as it is). Null when a part does not decode: the gate refuses those outright.
 */
export function requestTarget(rawPath: string): { bucket: string; key: string } | null {
  const [bucket = '', ...rest] = rawPath.slice(1).split('/');
  try {
    const decode = (text: string) => decodeURIComponent(text.replace(/\+/g, ' '));
    return { bucket: decode(bucket), key: decode(rest.join('/')) };
  } catch {
    return null;
  }
}

/** A copy's source as s3rver reads the header (`decodeURI`, one leading '/' dropped). */
export function copySourceOf(header: string): { bucket: string; key: string } | null {
  try {
    const source = decodeURI(header).replace(/^\//, '');
    const [bucket = '', ...key] = source.split('/');
    return { bucket, key: key.join('/') };
  } catch {
    return null;
  }
}
