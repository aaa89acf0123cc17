import { defineConfig } from '@playwright/test';

// E2E_PORT lets several runs share a machine (each takes E2E_PORT, E2E_PORT - 1 and E2E_PORT - 2).
const port = Number(process.env.E2E_PORT ?? 3199);
/** The portal as a new user gets it: the built web app served by the API on the embedded defaults. */
export const PORTAL = `http://127.0.0.1:${port}`;
/** A second portal whose two-factor codes live one second, to see an expired code. */
export const SHORT_CODE_PORTAL = `http://127.0.0.1:${port - 1}`;
/**
 * A third, for a second group of journeys (the networks, monitoring, billing, storage and IAM ones):
 * the two groups run side by side (the machine has two cores and a journey mostly waits for the
 * simulated cloud), each on a portal and database of its own so neither sees the other's
 * resources. The groups are kept about equal in time: CI waits for the longer.
 */
export const NETWORK_PORTAL = `http://127.0.0.1:${port - 2}`;
const NETWORK_JOURNEYS = [
  'vpc',
  'firewall',
  'balancer',
  'ex-cloud',
  'ccx',
  'networks',
  'alarms',
  'orders',
  'metrics',
  'valuation',
  'buckets',
  'ccis',
  'iam',
  'dashboard',
].map((name) => `**/${name}.spec.ts`);

// Every journey signs in from 127.0.0.1, so the per-address sign-in lock is raised; the
// per-account lock, which the journeys check, stays as in production. The simulated cloud runs at
// a tenth of real time: fast enough for CI (a launch takes 2.5-4.5 s, a stop 0.6-1.2 s), slow
// enough that a page sees a VM launching or stopping (it asks again every 2 s while one is busy).
const server = (port: number, dir: string, extra = '') => ({
  command: `rm -rf ${dir} && ${extra} SIMULATOR_TIME_SCALE=0.1 PORT=${port} DATA_DIR=${dir} LOG_LEVEL=warn LOGIN_FAILURES_PER_ADDRESS=1000 node --import tsx apps/api/src/main.ts`,
  cwd: '..',
  url: `http://127.0.0.1:${port}/api/health`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
});

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: `../test-results/${port}`,
  use: {
    baseURL: PORTAL,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
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
  projects: [
    // One worker per portal: journeys of one portal sign in as the same demo user, whose
    // two-factor code is read from that portal's outbox, and see each other's resources.
    { name: 'console', testIgnore: NETWORK_JOURNEYS, workers: 1 },
    { name: 'network', testMatch: NETWORK_JOURNEYS, use: { baseURL: NETWORK_PORTAL }, workers: 1 },
  ],
  webServer: [
    server(port, `/tmp/portal-e2e-${port}`),
    server(port - 1, `/tmp/portal-e2e-${port - 1}`, 'TWO_FA_CODE_TTL_MS=1000'),
    // Samples VM metrics every 5 s, so a chart moves while a journey watches (metrics.spec.ts).
    server(port - 2, `/tmp/portal-e2e-${port - 2}`, 'METRIC_SAMPLE_SECONDS=5'),
  ],
});
