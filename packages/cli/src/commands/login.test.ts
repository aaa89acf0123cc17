import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runPortal } from '../test-kit.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'portal-cli-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const page = { data: { records: [], total: 0, page: 0, limit: 1 } };

describe('portal login', () => {
  it('checks the key and saves it with the URL, readable by the user alone', async () => {
    const config = path.join(dir, 'portal', 'config.json');
    const env = { PORTAL_CONFIG: config, PORTAL_KEY: '', PORTAL_URL: '' };
    const r = await runPortal(
      ['login', '--key', 'cpk_good', '--url', 'http://api.test/'],
      { 'GET /api/vms': { body: page } },
      env,
    );
    expect(r.code).toBe(0);
    expect(r.requests[0]!.headers.get('authorization')).toBe('Bearer cpk_good');
    expect(JSON.parse(await readFile(config, 'utf8'))).toEqual({ url: 'http://api.test', key: 'cpk_good' });
    expect((await stat(config)).mode & 0o777).toBe(0o600);

    // The saved key is what the next command uses.
    const list = await runPortal(['vm', 'list'], { 'GET /api/vms': { body: page } }, env);
    expect(list.code).toBe(0);
    expect(list.requests[0]!.headers.get('authorization')).toBe('Bearer cpk_good');
    expect(list.requests[0]!.url).toMatch(/^http:\/\/api\.test\/api\/vms/);
  });

  it('saves nothing for a key the API refuses, and exits 3', async () => {
    const config = path.join(dir, 'config.json');
    const r = await runPortal(
      ['login', '--key', 'cpk_bad'],
      { 'GET /api/vms': { status: 401, body: { msg: 'NOT_SIGNED_IN' } } },
      {
        PORTAL_CONFIG: config,
      },
    );
    expect(r.code).toBe(3);
    await expect(stat(config)).rejects.toThrow();
  });

  it('needs --key', async () => {
    expect((await runPortal(['login'], {}, { PORTAL_CONFIG: path.join(dir, 'c.json') })).code).toBe(2);
  });
});
