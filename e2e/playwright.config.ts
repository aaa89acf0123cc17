import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { E2E_PORT, PORTAL_ENV, SHORT_CODE_PORTAL } from './portals';

/**
 * Journeys run side by side, each worker on a portal of its own (support/test.ts). Two workers on
 * two cores: four took longer in all (each journey 2-3 times as long) and failed on time.
 * E2E_WORKERS changes it.
 */
const port = new URL(SHORT_CODE_PORTAL).port;
const dir = `/tmp/portal-e2e-${port}`;
const env = Object.entries(PORTAL_ENV)
  .map(([name, value]) => `${name}=${value}`)
  .join(' ');

const workers = Number(process.env.E2E_WORKERS ?? 2);

/**
 * Debian's headless shell when installed (scripts/lib.mjs installs it), else the full browser;
 * E2E_CHROMIUM picks another, such as /usr/bin/chromium to watch with --headed.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium =
  process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // The journey on libvirt runs on its own portal, by playwright.libvirt.config.ts.
  testIgnore: 'libvirt.spec.ts',
  fullyParallel: false,
  workers,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: `../test-results/${E2E_PORT}`,
  use: {
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `rm -rf ${dir} && TWO_FA_CODE_TTL_MS=1000 ${env} PORT=${port} DATA_DIR=${dir} node --import tsx apps/api/src/main.ts`,
    cwd: '..',
    url: `${SHORT_CODE_PORTAL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
