import { isObjectKey, isObjectPrefix, keyName } from '@portal/shared';

/** The folders from the bucket's top to `prefix`: each with its name and its own prefix. */
export function prefixCrumbs(prefix: string): { name: string; prefix: string }[] {
  const crumbs: { name: string; prefix: string }[] = [];
  let at = '';
  for (const part of prefix.split('/').filter(Boolean)) {
    at += `${part}/`;
    crumbs.push({ name: part, prefix: at });
  }
  return crumbs;
}

/**
 * A folder path as a user types it ("photos/2024", "/photos/2024/") as the prefix the API wants
 * ("photos/2024/"; '' for the bucket's top).
 */
export function normalizePrefix(typed: string): string {
  const parts = typed.trim().split('/').filter(Boolean);
  return parts.length === 0 ? '' : `${parts.join('/')}/`;
}

/** The prefix read from the page address: a folder's, or the top for anything else. */
export function prefixFromUrl(value: string | null): string {
  if (!value) return '';
  return value !== '' && isObjectPrefix(value) === true ? value : '';
}

/**
 * The API's code for a key it would refuse, or null: KEY_TOO_LONG beyond S3's length,
 * ILLEGAL_OBJECT_KEY for one that would leave its bucket ('..' parts and the like).
 */
export function keyRefusal(key: string): 'KEY_TOO_LONG' | 'ILLEGAL_OBJECT_KEY' | null {
  const checked = isObjectKey(key);
  if (checked === true) return null;
  return checked === 'validation.keyTooLong' ? 'KEY_TOO_LONG' : 'ILLEGAL_OBJECT_KEY';
}

/** The name a downloaded file is saved under. */
export const downloadName = (key: string) => keyName(key) || 'download';
