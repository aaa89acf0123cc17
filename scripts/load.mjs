// `npm run load`: LOAD_USERS virtual users (default 500) of LOAD_TENANT_USERS (10) per tenant,
// each signing in for real and browsing the console with pauses (scripts/load/session.mjs), about
// one request every LOAD_PACE_MS (2000) each; signed in over LOAD_RAMP_SECONDS (60), then measured
// for LOAD_SECONDS (60). Prints req/s, p50, p95, p99 and errors per route pattern and overall, the
// generator's own CPU and the machine's, and exits non-zero when any request failed (a 5xx, no
// answer, or a 4xx the session did not expect) or the overall p99 is over LOAD_P99_MS (500).
// LOAD_FIND_MAX=1 then adds (or, when the first level failed, takes away) LOAD_STEP_USERS (100)
// users a step, each signed in over LOAD_STEP_RAMP_SECONDS (20) and measured LOAD_STEP_SECONDS
// (30), and reports the most users that held the p99 without an error (up to LOAD_MAX_USERS).
//
// PostgreSQL only: DATABASE_URL is required. The load tenants are seeded there once
// (apps/api/src/cli/seed-load.ts; DATA_DIR data/load-<database> keeps their buckets and secrets
// key). Without LOAD_URL the script starts its own portal on LOAD_PORT (3321) with that DATA_DIR
// and a rate limit that 127.0.0.1 cannot reach; with LOAD_URL (a cluster behind a proxy) it loads
// that one, which must run on the same database, with the same storage and SECRETS_KEY as the
// seeding (pass them in the environment), a development outbox the load reaches from this machine
// (the two-factor codes), and RATE_LIMIT_PER_MINUTE high enough for every user coming from here.
// Behind HAProxy the outbox answers only at an instance's own port: LOAD_OUTBOX_URL names it.
// LOAD_KILL_PID with LOAD_KILL_AFTER_SECONDS (20) kills that process (kill -9, an instance of the
// cluster) so many seconds into the measured window: failures of requests in flight on it then
// (sent before it was gone, ended after the kill) are reported apart and do not fail the run; after
// the run every acknowledged change (tags, ticket replies, VM stops and starts) is looked for in
// the database, and the operations the instance held at the kill are followed to their end.
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { ensureDependencies, ROOT } from './lib.mjs';
import { startPortal } from './server.mjs';
import { createClient } from './load/client.mjs';
import { cpuMeter } from './load/machine.mjs';
import { virtualUser } from './load/session.mjs';
import { createRecorder, summarize, table } from './load/stats.mjs';
import { countKept, createLedger, openOperations, operationsNow } from './load/acknowledged.mjs';
import { furnishTenants, seedTenants } from './load/tenants.mjs';

const number = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name} must be a number, got ${process.env[name]}`);
  return value;
};
const USERS = number('LOAD_USERS', 500);
const SECONDS = number('LOAD_SECONDS', 60);
const RAMP_SECONDS = number('LOAD_RAMP_SECONDS', 60);
const PACE_MS = number('LOAD_PACE_MS', 2000);
const TENANT_USERS = number('LOAD_TENANT_USERS', 10);
const P99_BUDGET_MS = number('LOAD_P99_MS', 500);
const FIND_MAX = process.env.LOAD_FIND_MAX === '1';
const STEP_USERS = number('LOAD_STEP_USERS', 100);
const STEP_RAMP_SECONDS = number('LOAD_STEP_RAMP_SECONDS', 20);
const STEP_SECONDS = number('LOAD_STEP_SECONDS', 30);
const MAX_USERS = number('LOAD_MAX_USERS', FIND_MAX ? 2000 : USERS);
const PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo-Portal-2026!';
const KILL_PID = number('LOAD_KILL_PID', 0);
const KILL_AFTER_SECONDS = number('LOAD_KILL_AFTER_SECONDS', 20);

if (!process.env.DATABASE_URL) {
  console.error('npm run load needs DATABASE_URL (PostgreSQL): the load tenants are seeded there.');
  process.exit(2);
}
ensureDependencies();

/** A small seeded generator (mulberry32), so a run's sessions can be played again (LOAD_RANDOM_SEED). */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const randomSeed = number('LOAD_RANDOM_SEED', 1);
const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const say = (line) => process.stderr.write(`${line}\n`);

const database = new URL(process.env.DATABASE_URL).pathname.slice(1) || 'postgres';
const dataDir = process.env.DATA_DIR ?? path.join(ROOT, 'data', `load-${database}`);
const tenants = Math.ceil(Math.max(USERS, MAX_USERS) / TENANT_USERS);
say(
  `Seeding ${tenants} load tenants of ${TENANT_USERS} users on ${database} (once; kept for the next run)...`,
);
const roster = await seedTenants({ tenants, users: TENANT_USERS, env: { DATA_DIR: dataDir } });
const people = roster.flatMap((tenant) => tenant.users);

const portal = process.env.LOAD_URL
  ? null
  : await startPortal({
      port: number('LOAD_PORT', 3321),
      dataDir,
      logFile: path.join(dataDir, 'portal.log'),
      env: { RATE_LIMIT_PER_MINUTE: '100000000', LOG_LEVEL: 'warn' },
    });
const base = (process.env.LOAD_URL ?? portal.base).replace(/\/+$/, '');
const recorder = createRecorder();
const client = createClient(base, recorder);
const failures = [];
const ledger = createLedger();
const ctx = {
  client,
  outbox: process.env.LOAD_OUTBOX_URL ? createClient(process.env.LOAD_OUTBOX_URL, recorder) : undefined,
  wrote: ledger.wrote,
  recorder,
  password: PASSWORD,
  paceMs: PACE_MS,
  stopAt: Infinity,
  failed: (error) => {
    if (failures.length < 20) failures.push(error.message);
  },
};

const users = [];
const sessions = [];
/** Start `count` more users, spread evenly over `seconds`. */
async function addUsers(count, seconds) {
  const from = users.length;
  for (let i = 0; i < count; i++) {
    const person = people[from + i];
    if (!person) throw new Error(`only ${people.length} users are seeded`);
    const user = virtualUser(ctx, person, seeded(randomSeed * 100_003 + from + i));
    users.push(user);
    sessions.push(user.run());
    await sleep((seconds * 1000) / count);
  }
}
/** Stop the newest `count` users (they finish the page they are on). */
function removeUsers(count) {
  for (const user of users.splice(users.length - count, count)) user.stop();
}

/** Measure `seconds` under the users as they are: the window's figures with the CPU in it. */
async function measure(name, seconds) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const cpu = cpuMeter(portal?.pid, database);
  const window = recorder.begin(name);
  if (KILL_PID && !killed) {
    await sleep(KILL_AFTER_SECONDS * 1000);
    await killInstance();
    await sleep((seconds - KILL_AFTER_SECONDS) * 1000);
  } else await sleep(seconds * 1000);
  recorder.end();
  loop.disable();
  return {
    users: users.length,
    ...summarize(window),
    cpu: cpu.read(),
    loopDelayP99: loop.percentile(99) / 1e6,
  };
}

/** kill -9 of LOAD_KILL_PID: when, when it was gone, and the operations it held then. */
let killed = null;
async function killInstance() {
  const open = await openOperations(process.env.DATABASE_URL, KILL_PID);
  const killedAt = performance.now();
  const killedAtClock = Date.now();
  recorder.inFlightAt(killedAt, Infinity);
  process.kill(KILL_PID, 'SIGKILL');
  for (;;) {
    try {
      process.kill(KILL_PID, 0);
    } catch {
      break;
    }
    await sleep(2);
  }
  const goneMs = performance.now() - killedAt;
  recorder.inFlightAt(killedAt, killedAt + goneMs);
  killed = { killedAtClock, goneMs, open };
  say(
    `Killed pid ${KILL_PID} (kill -9), gone after ${goneMs.toFixed(0)} ms; ${open.ids.length} operations open, ${open.held.length} of them held by it.`,
  );
}

const pct = (v) => (v === null ? 'n/a' : `${v.toFixed(0)} %`);
const held = (m) => m.overall.errors === 0 && m.overall.p99 <= P99_BUDGET_MS;

let result;
let lost = false;
const steps = [];
try {
  const furnished = await furnishTenants(ctx, roster);
  if (furnished) say(`Gave ${furnished} tenants their alarms and annual order through the API.`);
  say(
    `Load: ${USERS} users on ${base}, about 1 request per ${PACE_MS / 1000} s each, signed in over ${RAMP_SECONDS} s, measured ${SECONDS} s...`,
  );
  const rampWindow = recorder.begin('ramp-up');
  await addUsers(USERS, RAMP_SECONDS);
  recorder.end();
  const ramp = summarize(rampWindow);
  result = await measure('steady', SECONDS);

  if (FIND_MAX) {
    steps.push(result);
    const up = held(result);
    say(
      `Finding the most users with p99 ≤ ${P99_BUDGET_MS} ms: ${STEP_USERS} users a step ${up ? 'up' : 'down'}...`,
    );
    for (;;) {
      const next = users.length + (up ? STEP_USERS : -STEP_USERS);
      if (next < 1 || next > Math.min(MAX_USERS, people.length)) break;
      recorder.begin(`ramp ${next}`);
      if (up) await addUsers(STEP_USERS, STEP_RAMP_SECONDS);
      else {
        removeUsers(STEP_USERS);
        await sleep(STEP_RAMP_SECONDS * 1000);
      }
      const step = await measure(`${next} users`, STEP_SECONDS);
      steps.push(step);
      say(
        `  ${next} users: ${step.overall.rps.toFixed(0)} req/s, p99 ${step.overall.p99.toFixed(0)} ms, ${step.overall.errors} errors`,
      );
      if (held(step) !== up) break;
    }
  }

  ctx.stopAt = 0;
  for (const user of users) user.stop();
  await Promise.all(sessions);

  // ---- The report (stdout, Markdown) ----
  const offered = (USERS * 1000) / PACE_MS;
  const { cpu } = result;
  console.log(
    `\n## ${USERS} users, ${SECONDS} s after a ${RAMP_SECONDS} s ramp-up (${base}, PostgreSQL ${database})\n`,
  );
  console.log(table(result));
  console.log(
    `\n${result.overall.count} requests in ${result.seconds.toFixed(0)} s: ${result.overall.rps.toFixed(1)} req/s ` +
      `(offered about ${offered.toFixed(0)}); p50 ${result.overall.p50.toFixed(0)} ms, ` +
      `p95 ${result.overall.p95.toFixed(0)} ms, p99 ${result.overall.p99.toFixed(0)} ms; ` +
      `${result.overall.errors} errors.`,
  );
  const signIns = ramp.rows.filter((r) => r.route.includes('/api/auth/'));
  if (signIns.length > 0) {
    console.log(
      `\nSigning in during the ramp-up (${ramp.seconds.toFixed(0)} s; every route of it: ` +
        `${ramp.overall.rps.toFixed(1)} req/s, p99 ${ramp.overall.p99.toFixed(0)} ms, ${ramp.overall.errors} errors):\n`,
    );
    console.log(table({ rows: signIns, overall: null, harness: ramp.harness }));
  }
  console.log(
    `\nCPU over the measured ${SECONDS} s (of one core): the load generator ${pct(cpu.generatorPct)}` +
      ` (event loop delay p99 ${result.loopDelayP99.toFixed(0)} ms), the portal ${pct(cpu.serverPct)},` +
      ` PostgreSQL's backends of ${database} ${pct(cpu.postgresPct)};` +
      ` everything else ${pct(cpu.othersPct)}; the machine's ${cpu.cores} cores ${pct(cpu.machinePct)} busy in all,` +
      ` load average ${cpu.loadAverage.toFixed(2)}.`,
  );
  if (FIND_MAX) {
    console.log(`\n### The most users with p99 ≤ ${P99_BUDGET_MS} ms and no error\n`);
    console.log(
      '| users | req/s | p50 ms | p95 ms | p99 ms | errors | generator CPU | portal CPU | others CPU | machine busy | held |',
    );
    console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
    for (const s of [...steps].sort((a, b) => a.users - b.users)) {
      const o = s.overall;
      console.log(
        `| ${s.users} | ${o.rps.toFixed(0)} | ${o.p50.toFixed(0)} | ${o.p95.toFixed(0)} | ${o.p99.toFixed(0)} | ${o.errors} | ${pct(s.cpu.generatorPct)} | ${pct(s.cpu.serverPct)} | ${pct(s.cpu.othersPct)} | ${pct(s.cpu.machinePct)} | ${held(s) ? 'yes' : 'no'} |`,
      );
    }
    const best = steps.filter(held).reduce((n, s) => Math.max(n, s.users), 0);
    console.log(`\nThe most users that held: ${best || `none of ${steps.map((s) => s.users).join(', ')}`}.`);
  }
  if (killed) {
    const kept = await countKept(process.env.DATABASE_URL, ledger);
    const open = await operationsNow(process.env.DATABASE_URL, killed.open.ids, killed.killedAtClock);
    const held = open.filter((o) => killed.open.held.includes(o.id));
    const byState = (ops) => {
      const counts = new Map();
      for (const o of ops) {
        const what = `${o.state} by ${o.worker?.split('-')[0] ?? '-'}`;
        counts.set(what, (counts.get(what) ?? 0) + 1);
      }
      return [...counts].map(([what, n]) => `${n} ${what}`).join(', ') || 'none';
    };
    const latest = (ops) => Math.max(0, ...ops.map((o) => o.afterMs ?? 0));
    console.log(
      `\n### pid ${KILL_PID} killed (kill -9) ${KILL_AFTER_SECONDS} s into the measured window, gone ${killed.goneMs.toFixed(0)} ms after\n`,
    );
    console.log(
      `${recorder.inFlightErrors} requests failed in flight on it at the kill (sent before it was gone, ended after the kill); ` +
        `${recorder.errors} failed otherwise over the whole run.`,
    );
    console.log(
      `Acknowledged changes in the database after the run: tags ${kept.tags.kept} of ${kept.tags.acknowledged} VMs carry their last acknowledged value (${kept.tags.writes} tag changes); ` +
        `ticket replies ${kept.replies.kept} of ${kept.replies.acknowledged}; VM stops and starts ${kept.power.kept} of ${kept.power.acknowledged} as operations, ${kept.power.succeeded} succeeded.`,
    );
    console.log(
      `Operations open at the kill: ${open.length}, now ${byState(open)} (worker pids), the last ${latest(open)} ms after the kill. ` +
        `Held by the killed instance (its lease): ${held.length}, now ${byState(held)}` +
        held
          .map(
            (o) =>
              `\n- ${o.kind} ${o.state} by worker ${o.worker}, ${o.afterMs ?? '-'} ms after the kill, attempt ${o.attempts}`,
          )
          .join(''),
    );
    lost =
      kept.tags.kept < kept.tags.acknowledged ||
      kept.replies.kept < kept.replies.acknowledged ||
      kept.power.kept < kept.power.acknowledged;
  }
  if (recorder.errors + recorder.inFlightErrors > 0) {
    console.log(`\n${recorder.errors + recorder.inFlightErrors} requests failed over the whole run:`);
    for (const [what, n] of recorder.errorExamples().slice(0, 20)) console.log(`- ${n} × ${what}`);
    for (const failure of failures.slice(0, 5)) console.log(`  e.g. ${failure}`);
    if (portal) console.log(`The portal's log (warnings and errors): ${path.join(dataDir, 'portal.log')}`);
  }
} finally {
  ctx.stopAt = 0;
  for (const user of users) user.stop();
  client.close();
  ctx.outbox?.close();
  await portal?.stop();
}

const overBudget = result && result.overall.p99 > P99_BUDGET_MS;
if (overBudget) console.log(`\nThe p99 at ${USERS} users is over ${P99_BUDGET_MS} ms.`);
if (lost) console.log('\nAn acknowledged change is missing from the database.');
process.exit(recorder.errors > 0 || lost || overBudget || !result ? 1 : 0);
