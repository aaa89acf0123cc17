import { describe, expect, it } from 'vitest';
import { keyName, parentPrefix, publicObjectUrl, transferProblem } from './bucket.js';

describe('object keys', () => {
  it('a key sits in its parent folder and shows its last part', () => {
    expect(parentPrefix('a.txt')).toBe('');
    expect(parentPrefix('docs/2026/a.txt')).toBe('docs/2026/');
    expect(parentPrefix('docs/2026/')).toBe('docs/');
    expect(keyName('docs/2026/')).toBe('2026');
    expect(keyName('docs/a b.txt')).toBe('a b.txt');
  });

  it('never into itself, its own sub-folder or the folder it already sits in', () => {
    expect(transferProblem(['docs/'], 'docs/')).toBe('INVALID_DIRECTORY');
    expect(transferProblem(['docs/'], 'docs/old/')).toBe('INVALID_DIRECTORY');
    expect(transferProblem(['docs/a.txt'], 'docs/')).toBe('INVALID_DIRECTORY');
    expect(transferProblem(['docs/a.txt', 'pics/'], 'archive/')).toBe(true);
    expect(transferProblem(['docs/'], 'docsold/')).toBe(true);
  });

  it('a public URL encodes each part of the key and keeps the slashes', () => {
    const bucket = { endpoint: 'http://127.0.0.1:9000/', s3Name: 't0123456789a-photos' };
    expect(publicObjectUrl(bucket, '報告/a b#1?.txt')).toBe(
      'http://127.0.0.1:9000/t0123456789a-photos/%E5%A0%B1%E5%91%8A/a%20b%231%3F.txt',
    );
  });
});
