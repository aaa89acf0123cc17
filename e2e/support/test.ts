import { test as base } from '@playwright/test';
import { E2E_PORT, PORTAL_ENV, SHORT_CODE_PORTAL } from '../portals';
import { withPortal } from './portal-process';

export { expect } from '@playwright/test';

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
      await withPortal(
        {
          port,
          dataDir: `/tmp/portal-e2e-${port}`,
          env: PORTAL_ENV,
          logName: `${port}-${workerInfo.workerIndex}`,
        },
        use,
      );
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  shortCodes: [false, { option: true }],
  baseURL: async ({ portal, shortCodes }, use) => use(shortCodes ? SHORT_CODE_PORTAL : portal),
});
