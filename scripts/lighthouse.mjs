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
const PAGES = [
  { name: 'home', path: '/#/' },
  { name: 'login', path: '/#/login' },
];
const CHROME_FLAGS = ['--headless', ...CHROMIUM_ARGS, '--disable-dev-shm-usage'];

ensureDependencies();
ensureWebBuild();
const out = path.join(ROOT, 'lighthouse');
mkdirSync(out, { recursive: true });
const portal = await startPortal({
  port: Number(process.env.LIGHTHOUSE_PORT ?? 3311),
  env: { RATE_LIMIT_PER_MINUTE: '100000000' },
});

const results = [];
try {
  for (const page of PAGES) {
    // A fresh browser per page: nothing cached, as on a first visit.
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
      const { lhr } = runner;
      writeFileSync(path.join(out, `${page.name}.report.json`), runner.report);
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const metric = (id) => lhr.audits[id]?.displayValue ?? '-';
      results.push({
        page: page.name,
        performance: score('performance'),
        accessibility: score('accessibility'),
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
      if (failing.length)
        console.log(`${page.name}: audits below 90: ${failing.map((a) => a.id).join(', ')}`);
    } finally {
      await chrome.kill();
    }
  }
} finally {
  await portal.stop();
}

console.log(
  `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile defaults`,
);
console.log('page   perf  a11y  FCP      LCP      TBT     CLS');
for (const r of results) {
  console.log(
    `${r.page.padEnd(6)} ${String(r.performance).padStart(4)}  ${String(r.accessibility).padStart(4)}  ${r.fcp.padEnd(8)} ${r.lcp.padEnd(8)} ${r.tbt.padEnd(7)} ${r.cls}`,
  );
}
const ok = results.every((r) => r.performance >= BUDGET && r.accessibility >= BUDGET);
if (!ok) console.error(`Below the budget of ${BUDGET}.`);
process.exit(ok ? 0 : 1);
