// `npm test`: every check and test of the repo, in order, then one closing line for CI:
// "N passed, N failed". Lint and type errors fail the run too.
// With DATABASE_URL set (CI), the API suite runs a second time on that PostgreSQL server.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT, ensureChromium, ensureDependencies, ensureWebBuild, run } from './lib.mjs';

ensureDependencies();
const reports = path.join(ROOT, '.test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const { DATABASE_URL, ...embeddedEnv } = process.env;
const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];

function step(name, status) {
  if (status !== 0) problems.push(name);
  console.log(`\n== ${name}: ${status === 0 ? 'ok' : `failed (exit ${status})`}\n`);
}

function countVitest(file, name) {
  try {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + r.numTodoTests;
    console.log(`${name}: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
  } catch {
    totals.failed += 1;
    console.log(`${name}: no report`);
  }
}

step('lint', run('npx', ['eslint', '.']));
step('typecheck', run('npm', ['run', 'typecheck', '--silent']));

const unit = path.join(reports, 'vitest.json');
step(
  'unit and API tests (PGlite)',
  run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${unit}`], {
    env: embeddedEnv,
  }),
);
countVitest(unit, 'unit and API tests (PGlite)');

if (DATABASE_URL) {
  const pg = path.join(reports, 'vitest-pg.json');
  step(
    'API tests (PostgreSQL)',
    run(
      'npx',
      [
        'vitest',
        'run',
        '--project',
        'api',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${pg}`,
      ],
      { env: { ...embeddedEnv, TEST_DATABASE_URL: DATABASE_URL } },
    ),
  );
  countVitest(pg, 'API tests (PostgreSQL)');
}

if (ensureChromium()) {
  ensureWebBuild({ force: true });
  const e2e = path.join(reports, 'e2e.json');
  step(
    'browser journeys (Chromium)',
    run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
      env: { ...embeddedEnv, PLAYWRIGHT_JSON_OUTPUT_NAME: e2e },
    }),
  );
  try {
    const s = JSON.parse(readFileSync(e2e, 'utf8')).stats;
    totals.passed += s.expected + s.flaky;
    totals.failed += s.unexpected;
    totals.skipped += s.skipped;
    console.log(`browser journeys: ${s.expected + s.flaky} passed, ${s.unexpected} failed`);
  } catch {
    totals.failed += 1;
  }
} else {
  step('browser journeys (Chromium missing)', 1);
}

if (problems.length) console.log(`Failed steps: ${problems.join(', ')}`);
// A failed lint or type check counts as a failure even when every test passed.
const failed = totals.failed + (totals.failed === 0 && problems.length ? problems.length : 0);
console.log(
  `${totals.passed} passed, ${failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(problems.length || totals.failed ? 1 : 0);
