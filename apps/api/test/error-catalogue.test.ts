import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { ERROR_CODES } from '@portal/shared';

/**
 * Every server code of the spec's catalogue (docs/spec.md, section 8) is either answered where its
 * situation arises (the server's code names it, and an API test expects it) or recorded in
 * decision 0026 as one that cannot arise here, with why; never both.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');

function filesUnder(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) return filesUnder(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** The codes of "Server error codes with messages", the GCP/AZURE/AWS family spelt out. */
function catalogue(): string[] {
  const spec = read('docs/spec.md');
  const section = spec.slice(spec.indexOf('Server error codes with messages'), spec.indexOf('## 9.'));
  const codes = new Set<string>();
  for (const line of section.split('\n').filter((l) => l.startsWith('- '))) {
    const list = line.slice(line.indexOf(':') + 1).replace(/\([^)]*\)/g, '');
    for (const code of list.match(/\b[A-Z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b/g) ?? []) codes.add(code);
  }
  if (codes.delete('PUBLIC_CLOUD_MISSING_PARAMETERS')) {
    for (const cloud of ['GCP', 'AZURE', 'AWS']) codes.add(`PUBLIC_CLOUD_MISSING_PARAMETERS_${cloud}`);
  }
  return [...codes];
}

/** The codes decision 0026 records as unable to arise: its table's first column. */
const recorded = new Set(
  [
    ...read('docs/decisions/0026-error-codes-where-they-arise.md').matchAll(/^\| `([A-Za-z0-9_]+)` *\|/gm),
  ].map((m) => m[1]!),
);

const THIS_FILE = 'apps/api/test/error-catalogue.test.ts';
const sources = [...filesUnder('apps/api/src'), ...filesUnder('packages/shared/src')].filter(
  (f) => !f.endsWith('.test.ts') && !f.endsWith('error-codes.ts'),
);
const tests = [...filesUnder('apps/api/src'), ...filesUnder('apps/api/test')].filter(
  (f) => f.endsWith('.test.ts') && f !== THIS_FILE,
);
const sourceText = sources.map(read).join('\n');
const testText = tests.map(read).join('\n');
/** Named as a code (`'CODE'`) or as its message (`apiError.CODE`). */
const names = (text: string, code: string) =>
  new RegExp(`['"\`]${code}['"\`]|apiError\\.${code}\\b`).test(text);

it('reads the whole catalogue, and every code is one the server and the web know', () => {
  const codes = catalogue();
  expect(codes.length).toBeGreaterThanOrEqual(107);
  expect(codes.filter((c) => !(ERROR_CODES as readonly string[]).includes(c))).toEqual([]);
});

it('answers every code where it arises, under a test, or records why it cannot arise', () => {
  const neither = catalogue().filter(
    (code) => !recorded.has(code) && !(names(sourceText, code) && names(testText, code)),
  );
  expect(neither).toEqual([]);
});

it('records no code the server does answer', () => {
  expect([...recorded].filter((code) => names(sourceText, code))).toEqual([]);
  expect([...recorded].filter((code) => !catalogue().includes(code))).toEqual([]);
});
