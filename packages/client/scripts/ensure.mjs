// Makes packages/client/generated/ when missing or stale: `npm run build`, `npm run typecheck`,
// `npm test` and the vitest projects that use the client call it first, so a fresh clone works.
// Stale means the fingerprint of what the document is made from (the API's and the shared
// package's sources, the lock file, the generator) differs from the one kept beside the output.
// `node packages/client/scripts/ensure.mjs [--force]`, or ensureClient() from a script.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../../..');
const OUT = path.resolve(HERE, '../generated');
const STAMP = path.join(OUT, '.fingerprint');
const SOURCES = ['apps/api/src', 'packages/shared/src', 'packages/client/scripts'];
const FILES = ['package-lock.json', 'apps/api/test/fresh-database.ts', 'apps/api/test/openapi-document.ts'];

/** Every source file under `dir` but tests, in a stable order. */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && !/\.test\.[cm]?[jt]sx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

export function clientFingerprint() {
  const hash = createHash('sha256');
  const files = [
    ...SOURCES.flatMap((d) => sourceFiles(path.join(ROOT, d))),
    ...FILES.map((f) => path.join(ROOT, f)),
  ];
  for (const file of files) hash.update(path.relative(ROOT, file)).update(readFileSync(file));
  return hash.digest('hex');
}

/** Generates the client's schema unless it is there and made from these sources; throws on failure. */
export function ensureClient({ force = false } = {}) {
  const fingerprint = clientFingerprint();
  const fresh =
    existsSync(path.join(OUT, 'schema.d.ts')) &&
    existsSync(STAMP) &&
    readFileSync(STAMP, 'utf8') === fingerprint;
  if (fresh && !force) return;
  const started = Date.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(HERE, 'generate.mjs')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (r.status !== 0)
    throw new Error(
      `Generating the API client (packages/client/scripts/generate.mjs) failed (exit ${r.status}).`,
    );
  writeFileSync(STAMP, fingerprint);
  console.log(
    `API client generated in ${((Date.now() - started) / 1000).toFixed(1)} s (packages/client/generated/).`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    ensureClient({ force: process.argv.includes('--force') });
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
