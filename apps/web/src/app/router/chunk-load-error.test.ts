import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from './chunk-load-error';

describe('isChunkLoadError', () => {
  it('recognises failed page downloads in the words of each browser', () => {
    const named = new Error('x');
    named.name = 'ChunkLoadError';
    for (const error of [
      named,
      new Error('Loading chunk 42 failed.'),
      new TypeError('Failed to fetch dynamically imported module: https://x/assets/login-page-abc.js'),
      new TypeError('error loading dynamically imported module'),
      new TypeError('Importing a module script failed.'),
    ]) {
      expect(isChunkLoadError(error), error.message).toBe(true);
    }
  });

  it('leaves other errors alone', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Loading chunk 1 failed')).toBe(false);
  });
});
