import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '@portal/shared';
import { build, type TestApp } from './build.js';

/**
 * The shared list of API routes (packages/shared/src/api/api-routes.ts) is what the web's calls are
 * typed by: a path no route serves fails the web's type check. It must be the routes the API
 * registers, no more and no fewer; `npm run api-routes` writes it again after a route changes.
 */
const FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../packages/shared/src/api/api-routes.ts',
);

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => t?.close());

const registered = () =>
  [
    ...new Set(
      t.app.declaredRoutes
        .filter((r) => r.method !== 'HEAD')
        .map((r) => `${r.method} ${r.url.replace(/^\/api/, '')}`),
    ),
  ].sort();

const source = (routes: string[]) =>
  [
    '// Written by `npm run api-routes` from the routes the API registers (apps/api/test/api-routes.test.ts',
    '// fails when it is stale). The web types its calls by it: see ./api-path.ts.',
    'export const API_ROUTES = [',
    ...routes.map((r) => `  '${r}',`),
    '] as const;',
    '',
  ].join('\n');

describe('the shared list of API routes', () => {
  it('is every route the API registers', async () => {
    const routes = registered();
    if (process.env.WRITE_API_ROUTES === '1') await writeFile(FILE, source(routes));
    else expect([...API_ROUTES].sort(), 'run `npm run api-routes` to write the list again').toEqual(routes);
  });
});
