import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSecretBox, loadSecretKey } from './secret-box.js';

describe('secret box', () => {
  const box = createSecretBox(Buffer.from('k'.repeat(32)));

  it('seals so the secret is not in the value, and opens it again', () => {
    const sealed = box.seal('wJalrXUtnFEMI/K7MDENG', 'public-cloud:c1:1');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('wJalrXUtnFEMI');
    expect(box.open(sealed, 'public-cloud:c1:1')).toBe('wJalrXUtnFEMI/K7MDENG');
    expect(box.seal('same', 'x')).not.toBe(box.seal('same', 'x'));
  });

  it('does not open under another context, another key or after a change', () => {
    const sealed = box.seal('secret', 'a');
    expect(() => box.open(sealed, 'b')).toThrow();
    expect(() => createSecretBox(Buffer.from('j'.repeat(32))).open(sealed, 'a')).toThrow();
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    bytes[14] = bytes[14]! ^ 1;
    expect(() => box.open(`v1.${bytes.toString('base64url')}`, 'a')).toThrow();
    expect(() => box.open('plain text', 'a')).toThrow();
  });

  describe('key', () => {
    let dir = '';
    afterEach(() => rm(dir, { recursive: true, force: true }));

    it('is drawn once into the data folder, readable by its owner only, and kept', async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'secret-key-'));
      const first = await loadSecretKey(undefined, dir);
      const again = await loadSecretKey(undefined, dir);
      expect(again.equals(first)).toBe(true);
      expect((await stat(path.join(dir, 'secrets.key'))).mode & 0o777).toBe(0o600);
      expect((await readFile(path.join(dir, 'secrets.key'), 'utf8')).length).toBeGreaterThanOrEqual(32);
    });

    it('comes from SECRETS_KEY when it is set', async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'secret-key-'));
      expect((await loadSecretKey('s'.repeat(40), dir)).toString()).toBe('s'.repeat(40));
    });
  });
});
