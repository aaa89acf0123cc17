import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../bin/portal.mjs', import.meta.url));

export interface PortalRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `portal <args>` in a process of its own, as a script runs it, with `home` as its home and its
 * settings file there (English unless `env` says otherwise): for the tests that drive the real
 * bin against a listening portal.
 */
export const spawnPortal =
  (home: string) =>
  (args: string[], env: Record<string, string> = {}) =>
    new Promise<PortalRun>((resolve) => {
      execFile(
        process.execPath,
        [BIN, ...args],
        {
          env: {
            PATH: process.env.PATH,
            HOME: home,
            PORTAL_CONFIG: path.join(home, 'config.json'),
            LANG: 'en_US.UTF-8',
            ...env,
          },
          timeout: 60_000,
        },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
