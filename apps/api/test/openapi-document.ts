import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { freshDatabase } from './fresh-database.js';

interface OpenApiDocument {
  components?: { schemas?: Record<string, object> };
  [key: string]: unknown;
}

/**
 * The API's OpenAPI document as /api/docs/json serves it, from the app built in-process on the
 * tests' embedded database (the document does not depend on the data): what packages/client
 * generates its types from (packages/client/scripts/generate.mjs).
 */
export async function openapiDocument(): Promise<{ document: OpenApiDocument; filled: string[] }> {
  const database = await freshDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-openapi-'));
  try {
    const config = { ...loadConfig({ NODE_ENV: 'test' }), dataDir, webDist: '/nonexistent/web-dist' };
    const app = await buildApp({ config, database, logger: false, schedules: false });
    try {
      await app.ready();
      const document = app.swagger() as OpenApiDocument;
      return { document, filled: fillDanglingRefs(document) };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * A recursive zod schema without a name comes out of fastify-type-provider-zod as a $ref to a
 * component it never writes: name it (`.meta({ id })`, as the authority tree is) and it is written.
 * Until then each such component is given an empty schema, so that part reads as `unknown` and the
 * rest of the document holds (the generator says which). Answers the names it filled.
 */
export function fillDanglingRefs(document: OpenApiDocument): string[] {
  const components = (document.components ??= {});
  const schemas = (components.schemas ??= {});
  const filled: string[] = [];
  for (const [, name] of JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) {
    if (name && !schemas[name]) {
      schemas[name] = {};
      filled.push(name);
    }
  }
  return filled;
}
