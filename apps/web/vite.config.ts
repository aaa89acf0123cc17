/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildMode } from './vite-build-mode.ts';
import { chunkReport } from './vite-chunk-report.ts';
import { localeAssets } from './vite-locales.ts';
import { muiWithoutCssVars } from './vite-plugins.ts';
import { precompress } from './vite-precompress.ts';
import { preloadLazyModules } from './vite-preload.ts';
import { screenChunk } from './vite-screens.ts';

/** Where the dev and preview servers send /api; the API listens on :3000 unless told otherwise. */
const apiTarget = process.env.PORTAL_API_URL ?? 'http://127.0.0.1:3000';

/** Vendor groups of the first load, split so that app changes keep the vendor cache warm. */
const INITIAL_VENDOR_GROUPS: [name: string, test: RegExp][] = [
  ['react', /node_modules[\\/](react|react-dom|scheduler)[\\/]/],
  [
    'mui',
    /node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group|stylis|hoist-non-react-statics|clsx|react-is|prop-types)[\\/]/,
  ],
  ['router', /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/],
  [
    'i18n',
    /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store)[\\/]/,
  ],
];

/** Home in the portal frame, the first screen of most visits, as one chunk (see vite-screens.ts). */
const homeScreen = screenChunk('portal', [
  'src/app/layouts/portal/portal-layout.tsx',
  'src/features/home/home-page.tsx',
]);

/**
 * Lazy code shared by several pages: MUI's parts in one chunk, the app's in another. Not MUI X
 * (the charts): mui-shared is loaded with the console's menu, and the charts' small shared parts
 * would bring 50 KB to every console page; they stay with the pages that draw a chart.
 */
const SHARED_LAZY_GROUPS: [name: string, test: RegExp][] = [
  ['mui-shared', /node_modules[\\/](@mui[\\/](?!x-)|@emotion|@popperjs|react-transition-group)/],
];

export default defineConfig({
  plugins: [
    react(),
    muiWithoutCssVars(),
    homeScreen.plugin,
    chunkReport(),
    buildMode(),
    localeAssets(),
    precompress(),
    preloadLazyModules(['src/app/layouts/portal/portal-layout.tsx', 'src/features/home/home-page.tsx']),
  ],
  // ws: the VM console's WebSocket (/api/vms/:uuid/console/ws) goes through the proxy too.
  server: {
    host: '127.0.0.1',
    proxy: { '/api': { target: apiTarget, changeOrigin: false, ws: true } },
  },
  preview: {
    host: '127.0.0.1',
    proxy: { '/api': { target: apiTarget, changeOrigin: false, ws: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the portal supports has module preload; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 500,
    rolldownOptions: {
      // A feature's index only re-exports its pieces (decision 0032): with no side effects of its
      // own, the pages that import it are linked to the pieces, and it leaves no chunk behind.
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          // Only modules of the first load are grouped; code used by lazy pages alone stays with
          // those pages, so Home does not download the console's table or dialog code.
          groups: [
            ...INITIAL_VENDOR_GROUPS.map(([name, test]) => ({ name, test, tags: ['$initial' as const] })),
            // The app's own first-load code in one chunk (else small shared pieces become files).
            {
              name: 'app',
              test: /[\\/](apps[\\/]web[\\/]src|packages[\\/]shared[\\/]src)[\\/]/,
              tags: ['$initial' as const],
            },
            // react-hook-form: one chunk that the pages with forms share.
            { name: 'forms', test: /node_modules[\\/]react-hook-form[\\/]/ },
            // zod with its form resolver, for the forms validated by a shared schema (the sign-in
            // forms validate field by field and do without it).
            { name: 'zod', test: /node_modules[\\/](zod|@hookform)[\\/]/ },
            // TanStack Query: one chunk for the pages that use it, instead of five small ones.
            {
              name: 'query',
              test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]|src[\\/]lib[\\/](query-client|with-query-client)\./,
            },
            homeScreen.group,
            ...SHARED_LAZY_GROUPS.map(([name, test]) => ({
              name,
              test,
              minShareCount: 2,
              maxModuleSize: 4000,
            })),
          ],
        },
      },
    },
  },
  test: {
    setupFiles: ['./src/test/setup.ts'],
  },
});
