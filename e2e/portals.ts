/**
 * The journeys' portals and their ports. E2E_PORT lets several runs share a machine: a run takes E2E_PORT and the
 * ports below it, one per worker (support/test.ts), down to E2E_PORT - 9.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
/** A portal whose two-factor codes live one second, to see an expired code. */
export const SHORT_CODE_PORTAL = `http://127.0.0.1:${E2E_PORT - 9}`;

/**
 * How every journey portal runs. Every journey signs in from 127.0.0.1, so the per-address
 * sign-in lock is raised; the per-account lock, which the journeys check, stays as in production.
 * The simulated cloud runs at a tenth of real time: fast enough for CI (a launch takes 2.5-4.5 s,
 * a stop 0.6-1.2 s), slow enough that a page sees a VM launching or stopping (it asks again every
 * 2 s while one is busy). VM metrics are sampled every 5 s, so a chart moves while a journey
 * watches (metrics.spec.ts). The demo customer is seeded in Traditional Chinese, the default,
 * whatever the shell says (support/portal.ts DEMO.companyName).
 */
export const PORTAL_ENV = {
  DEMO_LANGUAGE: 'zh-TW',
  SIMULATOR_TIME_SCALE: '0.1',
  LOG_LEVEL: 'warn',
  LOGIN_FAILURES_PER_ADDRESS: '1000',
  METRIC_SAMPLE_SECONDS: '5',
};
