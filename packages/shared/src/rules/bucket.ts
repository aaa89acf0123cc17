import type { RuleResult } from './vm.js';

/** Delete a bucket: only an empty one (BUCKET_NOT_EMPTY); the server asks S3 itself. */
export function canDeleteBucket(bucket: { objectCount: number }): RuleResult {
  return bucket.objectCount === 0 ? true : 'BUCKET_NOT_EMPTY';
}

/** The folder a key sits in: '' for the top, else up to and with its last '/'. */
export function parentPrefix(key: string): string {
  const trimmed = key.endsWith('/') ? key.slice(0, -1) : key;
  const slash = trimmed.lastIndexOf('/');
  return slash < 0 ? '' : trimmed.slice(0, slash + 1);
}

/** The last part of a key, without a folder's closing '/'. */
export function keyName(key: string): string {
  const trimmed = key.endsWith('/') ? key.slice(0, -1) : key;
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

/**
 * Copy or move keys into `destination`: never a folder into itself or one of its own sub-folders,
 * and never onto itself (into the folder it already sits in): INVALID_DIRECTORY.
 */
export function transferProblem(keys: readonly string[], destination: string): RuleResult {
  for (const key of keys) {
    if (key.endsWith('/') && destination.startsWith(key)) return 'INVALID_DIRECTORY';
    if (parentPrefix(key) === destination) return 'INVALID_DIRECTORY';
  }
  return true;
}

/**
 * The object's address for anyone (it answers while the bucket is public): the S3 endpoint, the
 * bucket's S3 name and the key with each of its parts URL-encoded (the '/' between them kept).
 */
export function publicObjectUrl(bucket: { endpoint: string; s3Name: string }, key: string): string {
  const path = key.split('/').map(encodeURIComponent).join('/');
  return `${bucket.endpoint.replace(/\/+$/, '')}/${bucket.s3Name}/${path}`;
}
