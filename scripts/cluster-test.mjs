// `npm run cluster:test`: the production layout tested through HAProxy (decision 0027), about three
// minutes on this machine, so it is not part of `npm test`. It starts the cluster of
// `npm run cluster` on a database of its own (made on TEST_DATABASE_URL's server, or
// DATABASE_URL's, and dropped after), with Redis at REDIS_URL (redis://127.0.0.1:6379), and checks:
// a session served by both instances; the VM console's WebSocket through the proxy; the rate
// limit counted across instances; a VM created through one instance and finished by the other
// while the first drains on SIGTERM (a request in flight finishes, the exit is bounded); kill -9
// of an instance under a stream of writes (every acknowledged write kept, errors only for requests
// in flight, its operation taken over after the lease); each scheduled job run once per tick.
// It skips, saying why, when HAProxy, PostgreSQL or Redis is missing. The processes' output is
// kept (and its place printed) when a check fails, or always with CLUSTER_TEST_KEEP_LOGS=1.
import { randomInt } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort, haproxyBinary, startCluster } from './cluster-start.mjs';
import { ROOT } from './lib.mjs';
import { demoRootToken } from './server.mjs';

// The API workspace's own clients of PostgreSQL and WebSocket.
const apiRequire = createRequire(path.join(ROOT, 'apps', 'api', 'package.json'));
const postgres = apiRequire('postgres');
const WebSocket = apiRequire('ws');

const LEASE_MS = 5_000;
const SHUTDOWN_TIMEOUT_MS = 12_000;
const RATE_LIMIT = 600;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function skip(reason) {
  console.log(`cluster test skipped: ${reason}`);
  process.exit(0);
}

function redisAnswers(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

// ---- what is needed, or a skip ----
const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
if (!haproxyBinary()) skip('HAProxy is missing (apt-get install -y haproxy)');
if (!serverUrl)
  skip('no PostgreSQL: set TEST_DATABASE_URL (or DATABASE_URL) to a server the test may make a database on');
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
if (!(await redisAnswers(redisUrl))) skip(`Redis does not answer at ${redisUrl}`);
const admin = postgres(serverUrl, { max: 1, onnotice: () => undefined });
try {
  await admin`select 1`;
} catch (error) {
  skip(`PostgreSQL does not answer at ${serverUrl}: ${error.message}`);
}
const dbName = `cluster_test_${process.pid}_${randomInt(1e6)}`;
await admin.unsafe(`create database ${dbName}`);
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();
const db = postgres(databaseUrl, { max: 2, onnotice: () => undefined });

// ---- checks ----
const results = [];
function check(name, ok, figures = '') {
  results.push({ name, ok });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${figures ? `: ${figures}` : ''}`);
}

// Callers from addresses of their own (all of 127/8 is this machine): the proxy tells the API each
// one, and the per-address limits see them apart. Random per run, so a run a minute after the last
// does not meet its counts in Redis.
const net = `127.${randomInt(2, 250)}.${randomInt(0, 250)}`;
const address = (n) => `${net}.${n}`;
const agents = new Map();
const agentOf = (from) => {
  if (!agents.has(from)) agents.set(from, new http.Agent({ keepAlive: true, localAddress: from }));
  return agents.get(from);
};

/** One request: its status, JSON, which instance answered, and when it began and ended. */
function call(base, method, url, { token, body, from = address(1) } = {}) {
  return new Promise((resolve) => {
    const startedAt = Date.now();
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      base + url,
      {
        method,
        agent: agentOf(from),
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => {
          let json = null;
          try {
            json = JSON.parse(text);
          } catch {
            // not JSON (HAProxy's own error page)
          }
          resolve({
            status: response.statusCode,
            json,
            servedBy: response.headers['x-served-by'],
            startedAt,
            endedAt: Date.now(),
          });
        });
        response.on('error', (error) =>
          resolve({ status: 0, error: error.message, startedAt, endedAt: Date.now() }),
        );
      },
    );
    request.on('error', (error) =>
      resolve({ status: 0, error: error.message, startedAt, endedAt: Date.now() }),
    );
    request.end(payload);
  });
}

async function until(what, probe, ms) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(200);
  }
}

const logDir = mkdtempSync(path.join(os.tmpdir(), 'portal-cluster-test-'));
const logFile = path.join(logDir, 'processes.log');
writeFileSync(logFile, '');
let cluster;
const startedAt = Date.now();
try {
  cluster = await startCluster({
    instances: 2,
    port: await freePort(),
    dataDir: path.join(logDir, 'cluster'),
    web: false,
    log: (name, line) => appendFileSync(logFile, `[${name}] ${line}\n`),
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      SEED_DEMO: '1',
      DEMO_LANGUAGE: 'en',
      LOG_LEVEL: 'warn',
      // A launch takes 2.5 to 4.5 s (handed to a delayed job), a stop 0.6 to 1.2 s (waited for in place).
      SIMULATOR_TIME_SCALE: '0.1',
      OPERATION_LEASE_MS: String(LEASE_MS),
      JOB_POLLING_SECONDS: '1',
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
      RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    },
  });
  const base = cluster.url;
  const [api1, api2] = cluster.instances;
  const byName = (name) => cluster.instances.find((api) => api.name === name);
  const other = (name) => cluster.instances.find((api) => api.name !== name);
  console.log(`cluster up in ${((Date.now() - startedAt) / 1000).toFixed(1)} s at ${base} (log: ${logFile})`);

  // ---- a session served by both instances; the caller's own address seen ----
  const token = await demoRootToken(base, undefined, { outboxBase: api1.url });
  const reads = [];
  for (let i = 0; i < 6; i++) reads.push(await call(base, 'GET', '/api/client/info', { token }));
  const readers = new Set(reads.map((r) => r.servedBy));
  check(
    'one session served by both instances',
    reads.every((r) => r.status === 200) && readers.has(api1.name) && readers.has(api2.name),
    `${reads.length} reads, statuses ${[...new Set(reads.map((r) => r.status))]}, served by ${[...readers].sort().join(' and ')}`,
  );
  const viewerFrom = address(21);
  const viewer = await call(base, 'POST', '/api/auth/login', {
    from: viewerFrom,
    body: { root: '20260000001', iamAccount: 'viewer', password: 'Demo-Portal-2026!' },
  });
  const [session] = await db`select ip from sessions where ip = ${viewerFrom}`;
  check(
    "the API sees the caller's address through the proxy (TRUST_PROXY, X-Forwarded-For)",
    viewer.status === 200 && session?.ip === viewerFrom,
    `signed in from ${viewerFrom}, the session records ${session?.ip ?? 'nothing'}`,
  );

  // ---- the VM console's WebSocket through the proxy ----
  const [web01] = await db`select id from vms where name = 'web-01'`;
  const ticket = await call(base, 'POST', `/api/vms/${web01.id}/console`, { token });
  const consoleSeen = await new Promise((resolve) => {
    const wsUrl = `${base.replace('http', 'ws')}/api/vms/${web01.id}/console/ws?ticket=${ticket.json?.data?.ticket}`;
    const socket = new WebSocket(wsUrl, { localAddress: address(1) });
    let text = '';
    let servedBy;
    const timer = setTimeout(() => finish('timed out'), 15_000);
    const finish = (outcome) => {
      clearTimeout(timer);
      socket.close();
      resolve({ outcome, text, servedBy });
    };
    socket.on('upgrade', (response) => (servedBy = response.headers['x-served-by']));
    socket.on('message', (data) => {
      text += data.toString();
      if (/login: $/.test(text) && !text.includes('Password')) socket.send('root\r');
      else if (/Password: $/.test(text)) socket.send('anything\r');
      else if (text.includes('root@web-01:~#') && !text.includes('hostname\r')) socket.send('hostname\r');
      if (/\r\nweb-01\r\n/.test(text)) finish('hostname answered');
    });
    socket.on('unexpected-response', (_request, response) => finish(`refused ${response.statusCode}`));
    socket.on('error', (error) => finish(error.message));
  });
  check(
    "the VM console's WebSocket through the proxy (ticket from one instance, socket on the other)",
    ticket.status === 200 &&
      consoleSeen.outcome === 'hostname answered' &&
      consoleSeen.servedBy !== undefined &&
      consoleSeen.servedBy !== ticket.servedBy,
    `ticket from ${ticket.servedBy}, socket on ${consoleSeen.servedBy}, ${consoleSeen.outcome}`,
  );

  // ---- the rate limit is counted across instances (Redis) ----
  const flooder = address(77);
  const flood = [];
  for (let i = 0; i < RATE_LIMIT + 1; i++)
    flood.push(await call(base, 'GET', '/api/health', { from: flooder }));
  const allowed = flood.slice(0, RATE_LIMIT);
  const servedFlood = (name) => allowed.filter((r) => r.servedBy === name).length;
  check(
    'the per-address limit holds across instances',
    allowed.every((r) => r.status === 200) &&
      flood[RATE_LIMIT].status === 429 &&
      servedFlood(api1.name) > 0 &&
      servedFlood(api2.name) > 0,
    `${RATE_LIMIT} allowed (${servedFlood(api1.name)} by ${api1.name}, ${servedFlood(api2.name)} by ${api2.name}), request ${RATE_LIMIT + 1}: ${flood[RATE_LIMIT].status}`,
  );

  // ---- a VM created through one instance, finished by the other while the first drains ----
  const [vpc] = await db`select v.id from vpcs v join clients c on c.id = v.client_id
    where c.client_number = '20260000001' and v.name = 'default'`;
  const created = await call(base, 'POST', '/api/vms', {
    token,
    body: {
      name: 'cluster-1',
      templateUUID: '6a1f0c1e-0000-4000-8000-000000000001',
      cpuCore: 2,
      ramSize: 4,
      rootDiskSize: 50,
      vpcUuid: vpc.id,
    },
  });
  const first = byName(created.servedBy);
  const survivor = other(created.servedBy);
  // A request in flight on the first instance when it is told to stop: its body comes in halves.
  const inFlight = slowLogin(first.url, 2_500);
  await sleep(100);
  const termAt = Date.now();
  process.kill(first.pid, 'SIGTERM');
  await sleep(50);
  const readiness = await call(first.url, 'GET', '/api/health/ready');
  const during = [];
  while (Date.now() - termAt < 4_000) {
    during.push(await call(base, 'GET', '/api/client/info', { token }));
    await sleep(100);
  }
  const exited = await first.exited;
  const finished = await inFlight;
  check(
    'SIGTERM: readiness turns 503 at once, the proxy sends elsewhere, the request in flight finishes, the exit is bounded',
    readiness.status === 503 &&
      during.every((r) => r.status === 200) &&
      during.filter((r) => r.startedAt - termAt > 2_000).every((r) => r.servedBy === survivor.name) &&
      finished.status === 400 &&
      exited.code === 0 &&
      exited.at - termAt < SHUTDOWN_TIMEOUT_MS,
    `readiness ${readiness.status} after 50 ms; ${during.length} requests during the drain, statuses ${[...new Set(during.map((r) => r.status))]}; ` +
      `the request in flight answered ${finished.status} after ${finished.ms} ms; exit ${exited.code ?? exited.signal} after ${exited.at - termAt} ms (bound ${SHUTDOWN_TIMEOUT_MS})`,
  );
  const vmId = created.json?.data?.uuid;
  const launched = await until(
    'the VM running',
    async () => {
      const vm = await call(base, 'GET', `/api/vms/${vmId}`, { token });
      return vm.json?.data?.status === 1 ? vm : null;
    },
    30_000,
  ).catch(() => null);
  const [launch] =
    await db`select state, worker from operations where resource_id = ${vmId} and kind = 'vm.create'`;
  check(
    'a VM created through one instance, its operation finished by the other',
    created.status === 200 &&
      launched !== null &&
      launch?.state === 'succeeded' &&
      launch.worker?.startsWith(`${survivor.pid}-`),
    `created through ${first.name} (pid ${first.pid}), operation ${launch?.state} by worker ${launch?.worker} (${survivor.name} is pid ${survivor.pid})`,
  );
  await first.start();
  await until(
    'both instances in rotation again',
    async () => {
      const seen = new Set();
      for (let i = 0; i < 4; i++) seen.add((await call(base, 'GET', '/api/health/live')).servedBy);
      return seen.size === 2;
    },
    20_000,
  );

  // ---- kill -9 under a stream of writes (six writers back to back: some are in flight at the kill) ----
  const writes = [];
  let writing = true;
  const writers = Array.from({ length: 6 }, async (_, w) => {
    for (let n = 0; writing; n++) {
      const body = {
        contactName: 'Load',
        contactMail: 'load@example.com',
        contactMobile: '0912345678',
        contactPhone: '0223456789',
        vmId: web01.id,
        ticketCode: 'vm',
        ticketRemark: `cluster write ${w}-${n}`,
      };
      writes.push(await call(base, 'POST', '/api/tickets', { token, body, from: address(100 + w) }));
    }
  });
  // And two readers, paced: a read an instance dropped unanswered is sent again by the proxy.
  const reads2 = [];
  const readers2 = Array.from({ length: 2 }, async (_, r) => {
    while (writing) {
      reads2.push(await call(base, 'GET', '/api/vms?page=0&limit=10', { token, from: address(120 + r) }));
      await sleep(100);
    }
  });
  await sleep(3_000);
  const [cache01] = await db`select id from vms where name = 'cache-01'`;
  const stop = await call(base, 'POST', `/api/vms/${cache01.id}/stop`, { token });
  const victim = byName(stop.servedBy);
  const heir = other(stop.servedBy);
  // Killed while it holds the operation's lease (a stop is waited for in place, under a second).
  const held = await until(
    'the stop held by the instance that took it',
    async () => {
      const [op] =
        await db`select worker from operations where resource_id = ${cache01.id} and kind = 'vm.stop' and state = 'running'`;
      return op?.worker?.startsWith(`${victim.pid}-`) ? op : null;
    },
    3_000,
  ).catch(() => null);
  const killAt = Date.now();
  process.kill(victim.pid, 'SIGKILL');
  await sleep(10_000);
  writing = false;
  await Promise.all([...writers, ...readers2]);
  const acked = writes.filter((r) => r.status === 200).map((r) => r.json.data.uuid);
  const kept = await db`select count(*)::int as n from tickets where id = any(${acked}::uuid[])`;
  const failed = writes.filter((r) => r.status !== 200);
  // In flight on the killed instance: sent before its process was gone (its socket took
  // connections until then), ended after the signal. HAProxy answers those 502, or closes the
  // client's kept-alive connection unanswered (so that a client may decide to send it again).
  const goneAt = (await victim.exited).at;
  const inFlightAtKill = (r) => r.startedAt <= goneAt && r.endedAt >= killAt;
  check(
    'kill -9 under a stream of writes: every acknowledged write kept, errors only for writes in flight, no read lost',
    kept[0].n === acked.length &&
      failed.every(inFlightAtKill) &&
      failed.length <= writers.length &&
      reads2.every((r) => r.status === 200),
    `${writes.length} writes, ${acked.length} acknowledged, ${kept[0].n} in the database; ${failed.length} failed ` +
      `(${failed.map((r) => `${r.status || r.error} from ${r.startedAt - killAt} to ${r.endedAt - killAt} ms`).join(', ') || 'none'}); ` +
      `${victim.name} killed at 0 ms, gone at ${goneAt - killAt} ms; all failures in flight then: ${failed.every(inFlightAtKill)}; ` +
      `${reads2.length} reads, ${reads2.filter((r) => r.status !== 200).length} failed`,
  );
  const takenOver = await until(
    "the killed instance's operation finished by the survivor",
    async () => {
      const [op] = await db`select state, worker, attempts, finished_at from operations
        where resource_id = ${cache01.id} and kind = 'vm.stop'`;
      return op?.state === 'succeeded' ? op : null;
    },
    150_000,
  ).catch(() => null);
  check(
    "the killed instance's operation taken over by the survivor after the lease",
    held !== null &&
      takenOver !== null &&
      takenOver.worker.startsWith(`${heir.pid}-`) &&
      takenOver.finished_at.getTime() - killAt >= LEASE_MS,
    `held by ${victim.name} at the kill: ${held !== null}; ${takenOver?.state ?? 'not finished'} by ${takenOver?.worker ?? '-'} (${heir.name} is pid ${heir.pid}), ` +
      `${takenOver ? takenOver.finished_at.getTime() - killAt : '-'} ms after the kill (lease ${LEASE_MS} ms), attempt ${takenOver?.attempts ?? '-'}`,
  );

  // ---- each scheduled job once per tick, over three ticks at least ----
  // Both instances run pg-boss's clock. A tick of a schedule is one "send-it" job of pg-boss's,
  // one per minute (its singleton_on), which the instance that takes it turns into one job of the
  // queue. Were each instance to fire on its own, a queue would have two jobs a minute. A send-it
  // taken by the instance killed above waits for its expiry to be tried again (not counted here).
  const SCHEDULED = ['cloud.operation.sweep', 'snapshot.rules', 'vm-metrics-sample'];
  const schedules = () => db`select q.name,
      (select count(*)::int from pgboss.job j where j.name = q.name and j.singleton_key is null) as runs,
      (select count(*)::int from pgboss.job s where s.name = '__pgboss__send-it' and s.singleton_key = q.name) as sends,
      (select count(*)::int from pgboss.job s where s.name = '__pgboss__send-it' and s.singleton_key = q.name
        and s.state = 'completed') as sent,
      (select count(distinct s.singleton_on)::int from pgboss.job s
        where s.name = '__pgboss__send-it' and s.singleton_key = q.name) as ticks
    from pgboss.queue q where q.name = any(${SCHEDULED}) order by q.name`;
  await until(
    'three ticks of the schedules',
    async () => (await schedules()).every((row) => row.sent >= 3),
    Math.max(0, startedAt + 270_000 - Date.now()),
  ).catch(() => null);
  const ticks = await schedules();
  const minutes = (Date.now() - startedAt) / 60_000;
  check(
    'each scheduled job runs once per tick across instances',
    ticks.length === SCHEDULED.length &&
      ticks.every(
        (t) => t.sent >= 3 && t.runs === t.sent && t.sends === t.ticks && t.ticks <= Math.ceil(minutes) + 1,
      ),
    `${minutes.toFixed(1)} minutes with 2 instances: ` +
      ticks
        .map(
          (t) =>
            `${t.name} ${t.runs} runs for ${t.ticks} ticks${t.sent < t.ticks ? ` (${t.ticks - t.sent} held by the killed instance)` : ''}`,
        )
        .join('; '),
  );
} catch (error) {
  check('the cluster test ran to its end', false, error.stack ?? String(error));
} finally {
  await cluster?.stop();
  for (const agent of agents.values()) agent.destroy();
  await db.end();
  await admin.unsafe(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}

const failures = results.filter((r) => !r.ok).length;
console.log(
  `\n${results.length - failures} passed, ${failures} failed in ${((Date.now() - startedAt) / 1000).toFixed(0)} s`,
);
if (failures === 0 && !process.env.CLUSTER_TEST_KEEP_LOGS) rmSync(logDir, { recursive: true, force: true });
else console.log(`processes' output: ${logFile}`);
process.exit(failures === 0 ? 0 : 1);

/** A sign-in whose body arrives in two halves `gapMs` apart: a request in flight all that while. */
function slowLogin(base, gapMs) {
  const payload = JSON.stringify({ account: 'nobody@example.com', password: 'Wrong-Passw0rd-2026!' });
  const sentAt = Date.now();
  return new Promise((resolve) => {
    const request = http.request(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode, ms: Date.now() - sentAt }));
    });
    request.on('error', (error) => resolve({ status: 0, error: error.message, ms: Date.now() - sentAt }));
    request.write(payload.slice(0, 10));
    setTimeout(() => request.end(payload.slice(10)), gapMs);
  });
}
