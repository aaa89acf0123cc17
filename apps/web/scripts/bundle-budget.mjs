// Measures the JavaScript a first visit downloads, from the build's chunk report, and checks it
// against the budgets: Home at most 160 KB gzip, the console dashboard at most 250 KB gzip, and no
// chunk above 500 kB minified. Translations are JSON files, not scripts; their size is printed
// beside the JS. Run after `npm run build`: `npm run size -w apps/web`.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
/** @type {Record<string, {isEntry: boolean, modules: string[], imports: string[]}>} */
const chunks = JSON.parse(readFileSync(join(dist, '.vite', 'chunks.json'), 'utf8'));
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

/** The chunk holding a source module. */
function chunkOf(module) {
  const file = Object.keys(chunks).find((f) => chunks[f].modules.includes(module));
  if (!file) throw new Error(`No chunk holds ${module}`);
  return file;
}

/** Some chunk files with every chunk they import statically. */
function closure(files) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of chunks[file]?.imports ?? []) visit(imported);
  };
  files.forEach(visit);
  return seen;
}

let failed = false;
// The budgets are for React's production build; a development build (NODE_ENV=development in the
// shell) is twice the size and not what anyone is served (apps/web/vite-build-mode.ts).
const { nodeEnv } = JSON.parse(readFileSync(join(dist, '.vite', 'build-mode.json'), 'utf8'));
if (nodeEnv !== 'production') {
  console.error(`this is a ${nodeEnv} build, not production: build with \`npm run build\``);
  failed = true;
}
for (const file of Object.keys(chunks)) {
  if (readFileSync(join(dist, file)).length > 500_000) {
    console.error(`chunk over 500 kB: ${file}`);
    failed = true;
  }
}

const entry = Object.keys(chunks).filter((f) => chunks[f].isEntry);
const localeDir = readdirSync(join(dist, 'assets')).find((d) => d.startsWith('locales-'));
for (const journey of JOURNEYS) {
  const files = closure([...entry, ...journey.lazy.map(chunkOf)]);
  const total = [...files].reduce((sum, file) => sum + gzipSize(file), 0);
  const ok = total <= journey.budget;
  failed ||= !ok;
  for (const language of ['zh-TW', 'en']) {
    const texts = journey.namespaces.reduce(
      (sum, ns) => sum + gzipSize(join('assets', localeDir, language, `${ns}.json`)),
      0,
    );
    console.log(
      `${ok ? 'ok  ' : 'OVER'} ${journey.name}: ${(total / KB).toFixed(1)} KB gzip of JS in ${files.size} files (budget ${journey.budget / KB} KB); translations [${language}] ${(texts / KB).toFixed(1)} KB gzip JSON in ${journey.namespaces.length} files`,
    );
  }
}
process.exit(failed ? 1 : 0);
