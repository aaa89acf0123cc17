import { OBJECT_KEY_MAX_BYTES } from '../constants.js';
import { type Rule, text } from './rule.js';

/** Bytes of the text in UTF-8 (S3 measures keys so). */
export function utf8Length(value: string): number {
  let bytes = 0;
  for (const char of value) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/**
 * The escapes that change how a path resolves ('.', '/', '\' and '%' itself), decoded until none
 * is left: what a key becomes after any number of layers that decode it once more (a proxy, a
 * router, a file store). Other escapes stay as they are; they cannot make a separator or a dot.
 */
function decodedForPath(key: string): string {
  let current = key;
  for (;;) {
    const next = current.replace(/%(2e|2f|5c|25)/gi, (escape) =>
      String.fromCharCode(parseInt(escape.slice(1), 16)),
    );
    if (next === current) return current;
    current = next;
  }
}

/**
 * Whether a key names a place inside its bucket however it is resolved: decoded as above, with
 * backslashes read as separators, no part is '.' or '..', no part but the last is empty (so no
 * leading '/' and no '//': a file store would fold them into another key; a folder's marker ends
 * in '/'), and no NUL. Decided on the resolved parts, never on the text as typed.
 */
export function keyStaysInBucket(key: string): boolean {
  if (key.includes('\0')) return false;
  const parts = decodedForPath(key).split(/[/\\]/);
  return parts.every((part, i) => part !== '.' && part !== '..' && (part !== '' || i === parts.length - 1));
}

/**
 * An object key (spec: storage): non-empty, within the bucket however it resolves
 * (validation.objectKeyPath, answered ILLEGAL_OBJECT_KEY) and at most 1,024 bytes of UTF-8
 * (validation.keyTooLong, KEY_TOO_LONG).
 */
export const isObjectKey: Rule = (value) => {
  const key = text(value);
  if (key === null || key === '') return 'validation.notEmpty';
  if (!keyStaysInBucket(key)) return 'validation.objectKeyPath';
  return utf8Length(key) <= OBJECT_KEY_MAX_BYTES ? true : 'validation.keyTooLong';
};

/** A folder as a prefix: '' (the bucket's top), or a key ending in '/'. */
export const isObjectPrefix: Rule = (value) => {
  const prefix = text(value);
  if (prefix === '') return true;
  if (prefix === null || !prefix.endsWith('/')) return 'validation.needBeS3Folder';
  return isObjectKey(prefix);
};

/** The start of keys (a lifecycle rule's prefix): '' for every key, else as a key. */
export const isKeyPrefix: Rule = (value) => (text(value) === '' ? true : isObjectKey(value));
