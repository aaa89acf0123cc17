// Measures the JavaScript a first visit downloads, from the build manifest, and checks it against
// the budgets: Home at most 160 KB gzip, the console dashboard at most 250 KB gzip, and no chunk
// above 500 kB minified. Run after `vite build`: `npm run size -w apps/web`.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const KB = 1024;

/** A journey: the lazy modules a first visit of the page loads besides the entry. */
const JOURNEYS = [
  {
    name: 'Home (/)',
    budget: 160 * KB,
    lazy: ['src/app/layouts/portal/portal-layout.tsx', 'src/features/home/home-page.tsx'],
    namespaces: ['common', 'portal', 'home'],
  },
  {
    name: 'Console dashboard (/dashboard)',
    budget: 250 * KB,
    lazy: ['src/app/layouts/console/console-layout.tsx', 'src/features/dashboard/dashboard-page.tsx'],
    namespaces: ['common', 'console', 'menu', 'dashboard'],
  },
];

const gzipSize = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

/** The chunk files of some manifest keys with every chunk they import statically. */
function closure(keys) {
  const files = new Set();
  const visit = (key) => {
    const entry = manifest[key];
    if (!entry) throw new Error(`Not in the build manifest: ${key}`);
    if (files.has(entry.file)) return;
    files.add(entry.file);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

let failed = false;
const tooBig = Object.values(manifest).filter(
  (e) => e.file.endsWith('.js') && readFileSync(join(dist, e.file)).length > 500_000,
);
for (const entry of tooBig) {
  console.error(`chunk over 500 kB: ${entry.file}`);
  failed = true;
}

for (const journey of JOURNEYS) {
  for (const language of ['zh-TW', 'en']) {
    const locales = journey.namespaces.map((ns) => `src/locales/${language}/${ns}.json`);
    const files = closure(['index.html', ...journey.lazy, ...locales]);
    const total = [...files].reduce((sum, file) => sum + gzipSize(file), 0);
    const ok = total <= journey.budget;
    failed ||= !ok;
    console.log(
      `${ok ? 'ok  ' : 'OVER'} ${journey.name} [${language}]: ${(total / KB).toFixed(1)} KB gzip of JS in ${files.size} files (budget ${journey.budget / KB} KB)`,
    );
  }
}
process.exit(failed ? 1 : 0);
