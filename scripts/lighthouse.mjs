// `npm run lighthouse`: Lighthouse (default mobile settings: emulated phone, simulated slow 4G and
// CPU slowdown) on Home and Login of the built portal, served by the API as in production.
// Budget: performance and accessibility at least 95 on both. Uses Debian's Chromium
// (CHROME_PATH, default /usr/bin/chromium); never downloads a browser. Reports go to
// lighthouse/<page>.report.json. LIGHTHOUSE_PORT picks the portal's port (default 3311).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_ARGS, ROOT, ensureDependencies, ensureWebBuild } from './lib.mjs';
import { startPortal } from './server.mjs';

const BUDGET = 95;
const ALL_PAGES = [
  { name: 'home', path: '/#/' },
  { name: 'login', path: '/#/login' },
];
// LIGHTHOUSE_PAGES=login runs one page. Each page runs LIGHTHOUSE_RUNS times (default 3) and the
// median performance run counts, as Lighthouse advises for run-to-run variance.
const only = process.env.LIGHTHOUSE_PAGES?.split(',');
const PAGES = ALL_PAGES.filter((p) => !only || only.includes(p.name));
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROME_FLAGS = ['--headless', ...CHROMIUM_ARGS, '--disable-dev-shm-usage'];

ensureDependencies();
ensureWebBuild();
const out = path.join(ROOT, 'lighthouse');
mkdirSync(out, { recursive: true });
const portal = await startPortal({
  port: Number(process.env.LIGHTHOUSE_PORT ?? 3311),
  env: { RATE_LIMIT_PER_MINUTE: '100000000' },
});

/** One Lighthouse run in a fresh browser (nothing cached, as on a first visit). */
async function audit(page) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? CHROMIUM,
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const runner = await lighthouse(`${portal.base}${page.path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    return runner;
  } finally {
    await chrome.kill();
  }
}

const results = [];
try {
  for (const page of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) {
      // Lighthouse sometimes fails to record the trace (NO_NAVSTART, NO_FCP with a blank
      // capture): such a run measures nothing and is made again, at most twice.
      for (let attempt = 1; ; attempt += 1) {
        const run = await audit(page);
        const error = run.lhr.runtimeError;
        if (!error || attempt === 3) {
          runs.push(run);
          break;
        }
        console.log(`${page.name}: run ${i + 1} failed (${error.code}), running it again`);
      }
    }
    runs.sort((a, b) => a.lhr.categories.performance.score - b.lhr.categories.performance.score);
    const runner = runs[Math.floor((runs.length - 1) / 2)];
    const { lhr } = runner;
    writeFileSync(path.join(out, `${page.name}.report.json`), runner.report);
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const metric = (id) => lhr.audits[id]?.displayValue ?? '-';
    results.push({
      page: page.name,
      performance: score('performance'),
      accessibility: score('accessibility'),
      all: runs.map((r) => Math.round(r.lhr.categories.performance.score * 100)).join(' '),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
    });
    const failing = Object.values(lhr.audits).filter(
      (a) =>
        a.score !== null &&
        a.score < 0.9 &&
        a.scoreDisplayMode !== 'informative' &&
        a.scoreDisplayMode !== 'notApplicable',
    );
    if (failing.length) console.log(`${page.name}: audits below 90: ${failing.map((a) => a.id).join(', ')}`);
  }
} finally {
  await portal.stop();
}

console.log(
  `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile defaults`,
);
console.log(`page   perf  a11y  FCP      LCP      TBT     CLS   (median of ${RUNS}; all runs' performance)`);
for (const r of results) {
  console.log(
    `${r.page.padEnd(6)} ${String(r.performance).padStart(4)}  ${String(r.accessibility).padStart(4)}  ${r.fcp.padEnd(8)} ${r.lcp.padEnd(8)} ${r.tbt.padEnd(7)} ${r.cls.padEnd(5)} (${r.all})`,
  );
}
const ok = results.every((r) => r.performance >= BUDGET && r.accessibility >= BUDGET);
if (!ok) console.error(`Below the budget of ${BUDGET}.`);
process.exit(ok ? 0 : 1);
