import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base } from '@playwright/test';
import { E2E_PORT, PORTAL_ENV, SHORT_CODE_PORTAL } from '../portals';

export { expect } from '@playwright/test';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

async function healthy(url: string, timeoutMs: number, server: ChildProcess): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`the portal at ${url} exited (${server.exitCode})`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the portal at ${url} did not answer within ${timeoutMs} ms`);
}

interface WorkerFixtures {
  /** This worker's own portal, as a new user gets it (the built web app served by the API on the
   * embedded defaults, run as PORTAL_ENV says) (its address): a database, outbox and simulated cloud of its own. */
  portal: string;
}

interface TestFixtures {
  /** Run on the portal whose two-factor codes live one second (playwright.config.ts). */
  shortCodes: boolean;
}

/**
 * Journeys run side by side, one worker per core's worth of waiting: each worker starts a portal
 * of its own, so the journeys of one worker share the demo customer (they run one after another)
 * and never see another worker's. A worker that failed is replaced, and so is its portal: a
 * retry starts from the demo customer as new.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  portal: [
    // Playwright reads a fixture's dependencies from its first parameter: none, so an empty pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const port = E2E_PORT - workerInfo.parallelIndex;
      const url = `http://127.0.0.1:${port}`;
      const dataDir = `/tmp/portal-e2e-${port}`;
      await rm(dataDir, { recursive: true, force: true });
      const logs = path.join(ROOT, 'test-results', 'portals');
      await mkdir(logs, { recursive: true });
      const log = createWriteStream(path.join(logs, `${port}-${workerInfo.workerIndex}.log`));
      const server = spawn('node', ['--import', 'tsx', 'apps/api/src/main.ts'], {
        cwd: ROOT,
        env: { ...process.env, ...PORTAL_ENV, PORT: String(port), DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      server.stdout.pipe(log);
      server.stderr.pipe(log);
      try {
        await healthy(url, 120_000, server);
        await use(url);
      } finally {
        if (server.exitCode === null) {
          const exited = new Promise((resolve) => server.once('exit', resolve));
          server.kill('SIGTERM');
          await exited;
        }
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  shortCodes: [false, { option: true }],
  baseURL: async ({ portal, shortCodes }, use) => use(shortCodes ? SHORT_CODE_PORTAL : portal),
});
