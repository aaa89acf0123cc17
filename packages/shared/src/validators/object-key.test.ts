import { describe, expect, it } from 'vitest';
import { isKeyPrefix, isObjectKey, isObjectPrefix, keyStaysInBucket } from './object-key.js';

describe('object keys are judged as they resolve', () => {
  it('refuses dot parts however they are written', () => {
    for (const key of [
      '..',
      '.',
      '../x',
      'a/../../x',
      'a/./b',
      'a/..',
      '%2e%2e/x',
      '%2E%2e/x',
      '.%2e/x',
      '..%2Fx',
      '..%2fx',
      '%2e%2e%2fx',
      '%252e%252e%252fx',
      '%25252e%25252e/x',
      '..\\x',
      'a\\..\\..\\x',
      '..%5cx',
      '..%5Cx',
    ]) {
      expect(keyStaysInBucket(key), key).toBe(false);
      expect(isObjectKey(key), key).toBe('validation.objectKeyPath');
    }
  });

  it('refuses empty parts but a folder marker’s last, and NUL', () => {
    for (const key of ['/x', 'a//b', '//', '/', 'a%2F%2Fb', 'a\\\\b', 'a\u0000b']) {
      expect(keyStaysInBucket(key), key).toBe(false);
    }
    expect(keyStaysInBucket('photos/')).toBe(true);
  });

  it('keeps ordinary keys, dots within names and escapes that are only text', () => {
    for (const key of [
      'a.txt',
      '...',
      'notes..txt',
      '.hidden',
      'a/.b/c',
      'x/y/z/',
      '100%.txt',
      '%41',
      '中文/名稱.txt',
      'a\\b',
    ]) {
      expect(isObjectKey(key), key).toBe(true);
    }
  });

  it('measures keys in UTF-8 bytes, and prefixes are folders', () => {
    expect(isObjectKey('é'.repeat(512))).toBe(true);
    expect(isObjectKey('é'.repeat(513))).toBe('validation.keyTooLong');
    expect(isObjectKey('')).toBe('validation.notEmpty');
    expect(isObjectPrefix('')).toBe(true);
    expect(isObjectPrefix('a/b/')).toBe(true);
    expect(isObjectPrefix('a/b')).toBe('validation.needBeS3Folder');
    expect(isObjectPrefix('../')).toBe('validation.objectKeyPath');
    expect(isKeyPrefix('')).toBe(true);
    expect(isKeyPrefix('logs-')).toBe(true);
    expect(isKeyPrefix('%2e%2e/')).toBe('validation.objectKeyPath');
  });
});
