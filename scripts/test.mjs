// `npm test`: every check and test of the repo, in order, then one closing line for CI:
// "N passed, N failed". Lint and type errors fail the run too.
// With DATABASE_URL set (CI), the API suite runs a second time on that PostgreSQL server.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { ensureClient } from '../packages/client/scripts/ensure.mjs';
import {
  ROOT,
  ensureChromium,
  ensureDependencies,
  ensureWebBuild,
  libvirtHost,
  run,
  runAsync,
} from './lib.mjs';

ensureDependencies();
const reports = path.join(ROOT, '.test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

// The libvirt settings are the libvirt step's alone: every other step runs on the simulator.
const { DATABASE_URL, PORTAL_LIBVIRT_TESTS, PORTAL_TEST_CLOUD: _cloud, ...embeddedEnv } = process.env;
const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];
const started = Date.now();
/** Each step's wall time, printed at the end so a step that grew is seen when it lands. */
const timings = [];

/** A step's outcome, and its time when it began at `t0` and ended at `t1`. */
function step(name, status, t0, t1 = Date.now()) {
  if (status !== 0) problems.push(name);
  if (t0 !== undefined) timings.push({ name, seconds: (t1 - t0) / 1000, from: (t0 - started) / 1000 });
  const took = t0 === undefined ? '' : ` in ${((t1 - t0) / 1000).toFixed(0)} s`;
  console.log(`\n== ${name}: ${status === 0 ? 'ok' : `failed (exit ${status})`}${took}\n`);
}

/** The steps' times: when each began (seconds into the run) and how long it took. */
function printTimings() {
  console.log('\nStep times (start, duration, seconds):');
  for (const { name, from, seconds } of timings)
    console.log(`  ${from.toFixed(0).padStart(5)}  ${seconds.toFixed(0).padStart(5)}  ${name}`);
  console.log(`  total ${((Date.now() - started) / 1000).toFixed(0)} s`);
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

// The API client's types (packages/client/generated), before the type check and the tests use them.
{
  const t0 = Date.now();
  let status = 0;
  try {
    ensureClient();
  } catch (error) {
    console.error(error.message);
    status = 1;
  }
  step('API client generation', status, t0);
}

// Lint and the type check are one process each, single-threaded: side by side on two cores.
// Lint's output waits in a file until the type check has printed, so the two do not interleave.
{
  const lintLog = path.join(reports, 'lint.log');
  const out = openSync(lintLog, 'w');
  const t0 = Date.now();
  let lintDone = 0;
  const lint = runAsync('npm', ['run', 'lint', '--silent'], { stdio: ['ignore', out, out] }).finally(() => {
    closeSync(out);
    lintDone = Date.now();
  });
  step('typecheck', run('npm', ['run', 'typecheck', '--silent']), t0);
  const status = await lint;
  process.stdout.write(readFileSync(lintLog, 'utf8'));
  step('lint', status, t0, lintDone);
}

const vitestReporters = (file) => ['--reporter=default', '--reporter=json', `--outputFile.json=${file}`];

/** A vitest run as a step: its report counted, its time kept. */
function vitestStep(name, report, args, env) {
  const t0 = Date.now();
  const file = path.join(reports, report);
  step(name, run('npx', ['vitest', 'run', ...args, ...vitestReporters(file)], { env }), t0);
  countVitest(file, name);
}

/** A vitest run beside the next steps: its output kept in a file and printed when it is awaited. */
async function vitestStepAside(name, report, args, env) {
  const t0 = Date.now();
  const file = path.join(reports, report);
  const logFile = path.join(reports, `${report}.log`);
  const out = openSync(logFile, 'w');
  const status = await runAsync('npx', ['vitest', 'run', ...args, ...vitestReporters(file)], {
    env,
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  const t1 = Date.now();
  process.stdout.write(readFileSync(logFile, 'utf8'));
  step(name, status, t0, t1);
  countVitest(file, name);
}

// Vitest leaves a core to itself (one worker on CI's two cores); the API tests mostly wait for
// jobs and the embedded database, so two workers finish sooner.
const workers = `--maxWorkers=${Math.max(2, availableParallelism() - 1)}`;
vitestStep('unit and API tests (PGlite)', 'vitest.json', [workers], embeddedEnv);

// The libvirt driver on a libvirt host: its own tests, then the VM, disk and snapshot suites
// again with QEMU behind them, two files at a time (187 s; one at a time took 300 s), beside the
// PostgreSQL suite: its guests mostly wait on QEMU, that suite on the database. Its output waits
// in a file until the other has printed. test/libvirt-portal.test.ts, the journey's steps through
// the API, is left to a run by hand: the journey below takes them through the browser.
// PORTAL_LIBVIRT_TESTS=0 skips it, =1 insists on it; unset, it runs where libvirt answers.
const LIBVIRT_SUITES = [
  'apps/api/src/cloud/libvirt/libvirt-driver.libvirt.test.ts',
  'apps/api/src/cloud/libvirt/host-probe.test.ts',
  // kill -9 mid-boot, on PostgreSQL: runs where DATABASE_URL names one (CI).
  'apps/api/test/libvirt-durability.test.ts',
  'apps/api/src/modules/compute/vms.test.ts',
  'apps/api/src/modules/compute/disks.test.ts',
  'apps/api/src/modules/compute/snapshots/snapshots.test.ts',
];
const libvirt =
  PORTAL_LIBVIRT_TESTS === '0' ? { ready: false, reason: 'PORTAL_LIBVIRT_TESTS=0' } : libvirtHost();
let libvirtTests = Promise.resolve();
if (libvirt.ready) {
  console.log(`\nThe libvirt driver's tests start, on ${libvirt.reason}`);
  libvirtTests = vitestStepAside(
    'API tests on libvirt',
    'vitest-libvirt.json',
    ['--project', 'api', '--maxWorkers=2', '--testTimeout=240000', ...LIBVIRT_SUITES],
    {
      ...embeddedEnv,
      PORTAL_LIBVIRT_TESTS: '1',
      PORTAL_TEST_CLOUD: 'libvirt',
      ...(DATABASE_URL ? { TEST_DATABASE_URL: DATABASE_URL } : {}),
    },
  );
} else if (PORTAL_LIBVIRT_TESTS === '1') {
  step(`libvirt tests (${libvirt.reason})`, 1);
} else {
  console.log(`\n== libvirt tests: skipped, ${libvirt.reason}\n`);
}

// With DATABASE_URL (CI) the API suite runs again, on that PostgreSQL server. Not beside the
// journeys: there it took four times as long (428 s instead of 93 s here) and slowed them by 40 %.
if (DATABASE_URL)
  vitestStep('API tests (PostgreSQL)', 'vitest-pg.json', ['--project', 'api', workers], {
    ...embeddedEnv,
    TEST_DATABASE_URL: DATABASE_URL,
  });
await libvirtTests;

/** A Playwright run as a step: its JSON report counted, its time kept. */
function playwrightStep(name, config, report) {
  const file = path.join(reports, report);
  const t0 = Date.now();
  step(
    name,
    run('npx', ['playwright', 'test', '-c', config, '--reporter=list,json'], {
      env: { ...embeddedEnv, PLAYWRIGHT_JSON_OUTPUT_NAME: file },
    }),
    t0,
  );
  try {
    const s = JSON.parse(readFileSync(file, 'utf8')).stats;
    totals.passed += s.expected + s.flaky;
    totals.failed += s.unexpected;
    totals.skipped += s.skipped;
    const flaky = s.flaky ? ` (${s.flaky} only on a retry: flaky)` : '';
    console.log(
      `${name}: ${s.expected + s.flaky} passed${flaky}, ${s.unexpected} failed, ${s.skipped} skipped`,
    );
  } catch {
    totals.failed += 1;
  }
}

const browser = ensureChromium();
if (browser) {
  const buildStart = Date.now();
  ensureWebBuild({ force: true });
  step('web build', 0, buildStart);
  playwrightStep('browser journeys (Chromium)', 'e2e/playwright.config.ts', 'e2e.json');
} else {
  step('browser journeys (Chromium missing)', 1);
}

// The journey on real guests, in Chromium on a portal of its own (e2e/libvirt.spec.ts), after
// the libvirt API tests (started beside the PostgreSQL suite above).
if (libvirt.ready && browser)
  playwrightStep('browser journey on libvirt', 'e2e/playwright.libvirt.config.ts', 'e2e-libvirt.json');

printTimings();
if (problems.length) console.log(`Failed steps: ${problems.join(', ')}`);
// A failed lint or type check counts as a failure even when every test passed.
const failed = totals.failed + (totals.failed === 0 && problems.length ? problems.length : 0);
console.log(
  `${totals.passed} passed, ${failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(problems.length || totals.failed ? 1 : 0);
