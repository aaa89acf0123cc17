import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../src/config.js';
import { startServer } from '../src/server.js';

/** The embedded default as `npx tsx apps/api/src/main.ts` runs it: PGlite on disk, demo tenant, listening. */
let dataDir: string;
let config: Config;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-api-data-'));
  config = { ...loadConfig({ DATA_DIR: dataDir, PORT: '0' }), env: 'test', webDist: '/nonexistent' };
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('startServer', () => {
  it('starts on an empty data folder with the demo tenant, and restarts onto the same data', async () => {
    const first = await startServer(config);
    try {
      expect(first.database.kind).toBe('pglite');
      expect(first.demo).toMatchObject({ clientNumber: '20260000001', created: true });
      const health = await fetch(`${first.url}/api/health`);
      expect(await health.json()).toEqual({ data: { status: 'ok' } });
    } finally {
      await first.close();
    }

    const second = await startServer(config);
    try {
      expect(second.demo?.created).toBe(false);
      const login = await fetch(`${second.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ root: '20260000001', iamAccount: 'viewer', password: config.demoPassword }),
      });
      expect(login.status).toBe(200);
      expect(((await login.json()) as { data: { token: string } }).data.token).toBeTruthy();
    } finally {
      await second.close();
    }
  });
});
