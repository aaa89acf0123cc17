import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

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

export interface PortalProcess {
  port: number;
  /** The portal's DATA_DIR, empty at start (`prepare` may fill it) and removed at the end. */
  dataDir: string;
  /** Its settings besides PORT and DATA_DIR. */
  env: Record<string, string>;
  /** Its output goes to test-results/portals/<logName>.log. */
  logName: string;
  /** Run on the empty DATA_DIR before the portal starts. */
  prepare?: (dataDir: string) => Promise<void>;
}

/**
 * A portal as a new user gets it (the built web app served by the API, run as `env` says) for the
 * length of `use`, given its address; stopped and its DATA_DIR removed afterwards.
 */
export async function withPortal(options: PortalProcess, use: (url: string) => Promise<void>) {
  const { port, dataDir } = options;
  const url = `http://127.0.0.1:${port}`;
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  await options.prepare?.(dataDir);
  const logs = path.join(ROOT, 'test-results', 'portals');
  await mkdir(logs, { recursive: true });
  const log = createWriteStream(path.join(logs, `${options.logName}.log`));
  const server = spawn('node', ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...options.env, PORT: String(port), DATA_DIR: dataDir },
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
}
