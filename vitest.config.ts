import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] } },
      { test: { name: 'tools', root: 'tools', include: ['**/*.test.js'] } },
      // The repo scripts (start, build, test); a test that builds the web app takes a while.
      { test: { name: 'scripts', root: 'scripts', include: ['**/*.test.mjs'], testTimeout: 120000 } },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
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
