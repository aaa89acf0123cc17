import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const CLIENT_SETUP = fileURLToPath(
  new URL('./packages/client/scripts/vitest-global-setup.mjs', import.meta.url),
);

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] } },
      { test: { name: 'tools', root: 'tools', include: ['**/*.test.js'] } },
      // The repo scripts (start, build, test); a test that builds the web app takes a while.
      { test: { name: 'scripts', root: 'scripts', include: ['**/*.test.mjs'], testTimeout: 120000 } },
      // The typed API client (its types generated from the API's document) and the `portal` CLI.
      {
        test: {
          name: 'client',
          root: 'packages/client',
          include: ['src/**/*.test.ts'],
          globalSetup: [CLIENT_SETUP],
        },
      },
      {
        test: {
          name: 'cli',
          root: 'packages/cli',
          include: ['src/**/*.test.ts'],
          globalSetup: [CLIENT_SETUP],
        },
      },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // Some tests use the typed client: its types are generated first when stale.
          globalSetup: [CLIENT_SETUP],
          // A worker's test files share one loaded API (each builds its own app and database):
          // importing the API once per file was 60 % of the suite's time (docs/performance.md).
          isolate: false,
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        // Forms driven through jsdom take seconds on a busy machine; 5 s failed tests that were right.
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // As the API's: one module graph per worker; src/test/setup.ts puts the app's module
          // state back after each file.
          isolate: false,
          testTimeout: 20000,
        },
      },
    ],
  },
});
