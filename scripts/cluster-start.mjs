// The production layout on one machine (decision 0027): the portal's S3 server, N API instances on
// one PostgreSQL and one Redis, and HAProxy in front. Used by `npm run cluster` and its test.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { haproxyConfig } from './haproxy-config.mjs';
import { ROOT } from './lib.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** HAProxy from Debian's package, or null. */
export function haproxyBinary() {
  for (const candidate of ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy'])
    if (existsSync(candidate)) return candidate;
  const which = spawnSync('which', ['haproxy'], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() : null;
}

/** A port nobody listens on now. */
export function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * The keys every instance must share (SECRETS_KEY seals secrets in the database, OPS_LINK_SECRET
 * signs the operations console's links): the environment's, or drawn once and kept in the
 * cluster's folder, so a restart of the cluster opens what the last one sealed.
 */
function sharedKeys(dataDir, env) {
  const file = path.join(dataDir, 'shared-keys.json');
  let kept = {};
  if (existsSync(file)) kept = JSON.parse(readFileSync(file, 'utf8'));
  const keys = {
    SECRETS_KEY: env.SECRETS_KEY || kept.SECRETS_KEY || randomBytes(32).toString('base64url'),
    OPS_LINK_SECRET: env.OPS_LINK_SECRET || kept.OPS_LINK_SECRET || randomBytes(32).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/** Each line a child prints, to `log(name, line)`. */
function pipeLines(child, name, log) {
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream }).on('line', (line) => log(name, line));
  }
}

/** Resolves when `url` answers 200; rejects when the child exits first or after `ms`. */
async function answers(url, child, ms = 90_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${url}: the process exited (${child.exitCode ?? child.signalCode}) before answering`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

/** A child in a process group of its own: Ctrl-C in the terminal reaches the script, which stops it in order. */
function startChild(command, args, env) {
  const child = spawn(command, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  return { child, exited };
}

/**
 * @param {object} options
 * @param {number} [options.instances] API instances (CLUSTER_INSTANCES, 2)
 * @param {number} [options.port] where HAProxy listens (CLUSTER_PORT, 8080)
 * @param {string} [options.dataDir] the S3 server's files and the shared keys (CLUSTER_DATA_DIR)
 * @param {NodeJS.ProcessEnv} [options.env] DATABASE_URL (required), REDIS_URL, and any setting of the API
 * @param {boolean} [options.web] serve the built web app (the caller builds it)
 * @param {(name: string, line: string) => void} [options.log] each line the processes print
 */
export async function startCluster({
  instances = 2,
  port = 8080,
  dataDir = path.join(ROOT, 'data', 'cluster'),
  env = process.env,
  web = true,
  log = (name, line) => console.log(`[${name}] ${line}`),
} = {}) {
  if (!env.DATABASE_URL)
    throw new Error('DATABASE_URL is required: the instances share one PostgreSQL database');
  const haproxy = haproxyBinary();
  if (!haproxy) throw new Error('HAProxy is missing: apt-get install -y haproxy');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const host = '127.0.0.1';
  const url = `http://${host}:${port}`;
  const started = [];
  const stopAll = async () => {
    for (const group of [
      started.filter((p) => p.kind === 'proxy'),
      started.filter((p) => p.kind === 'api'),
      started.filter((p) => p.kind === 's3'),
    ]) {
      await Promise.all(group.map((p) => p.stop(p.kind === 'proxy' ? 'SIGUSR1' : 'SIGTERM')));
    }
  };

  try {
    // One S3 service for all: the portal's own S3 server, run on its own.
    const s3Port = await freePort(host);
    const s3 = startChild(process.execPath, ['--import', 'tsx', 'apps/api/src/cli/s3-server.ts'], {
      ...env,
      DATA_DIR: dataDir,
      HOST: host,
      S3_EMBEDDED_PORT: String(s3Port),
    });
    const s3Process = managed('s3', 's3', s3);
    started.push(s3Process);
    pipeLines(s3.child, 's3', log);
    const s3Endpoint = `http://${host}:${s3Port}`;
    const credentialsFile = path.join(dataDir, 's3', '.credentials.json');
    for (let i = 0; i < 300 && !existsSync(credentialsFile); i++) await sleep(100);
    await answersAnything(s3Endpoint, s3.child);
    const credentials = JSON.parse(readFileSync(credentialsFile, 'utf8'));

    const shared = {
      ...env,
      REDIS_URL: env.REDIS_URL || 'redis://127.0.0.1:6379',
      S3_ENDPOINT: s3Endpoint,
      S3_PUBLIC_ENDPOINT: env.S3_PUBLIC_ENDPOINT || s3Endpoint,
      S3_ACCESS_KEY: credentials.accessKey,
      S3_SECRET_KEY: credentials.secretKey,
      S3_PORTAL_SERVER: '1',
      ...sharedKeys(dataDir, env),
      PUBLIC_URL: env.PUBLIC_URL || url,
      // The instances see the proxy's address; the caller's comes in X-Forwarded-For.
      TRUST_PROXY: host,
      HOST: host,
      LOG_LEVEL: env.LOG_LEVEL || 'warn',
      SEED_DEMO: env.SEED_DEMO ?? (env.NODE_ENV === 'production' ? '0' : '1'),
      ...(web ? {} : { WEB_DIST: '/nonexistent' }),
    };
    const apis = [];
    for (let i = 1; i <= instances; i++) {
      const name = `api-${i}`;
      const apiPort = await freePort(host);
      const instanceEnv = { ...shared, PORT: String(apiPort), DATA_DIR: path.join(dataDir, name) };
      const api = {
        name,
        port: apiPort,
        url: `http://${host}:${apiPort}`,
        /** Starts the instance (again) and resolves when it is ready. */
        async start() {
          const run = startChild(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], instanceEnv);
          pipeLines(run.child, name, log);
          Object.assign(api, { pid: run.child.pid, exited: run.exited }, managed('api', name, run));
          await answers(`${api.url}/api/health/ready`, run.child);
          return api;
        },
      };
      apis.push(api);
      started.push({ kind: 'api', stop: (signal) => (api.stop ? api.stop(signal) : Promise.resolve()) });
    }
    // All at once, as a deploy starts them: the first migrates and seeds, the others wait for it.
    await Promise.all(apis.map((api) => api.start()));

    const configFile = path.join(dataDir, 'haproxy.cfg');
    writeFileSync(
      configFile,
      haproxyConfig({
        bind: { host, port },
        servers: apis.map((a) => ({ name: a.name, host, port: a.port })),
      }),
    );
    const logFile = path.join(dataDir, 'haproxy.log');
    const proxy = startChild(haproxy, ['-db', '-f', configFile], env);
    proxy.child.stdout.pipe(createWriteStream(logFile, { flags: 'a' }));
    createInterface({ input: proxy.child.stderr }).on('line', (line) => log('haproxy', line));
    const proxyProcess = managed('proxy', 'haproxy', proxy);
    started.push(proxyProcess);
    await answers(`${url}/api/health/ready`, proxy.child);
    // Every instance in rotation before the caller begins (HAProxy brings each up after its checks).
    await allServing(url, apis.length);

    return {
      url,
      dataDir,
      s3: { endpoint: s3Endpoint },
      instances: apis,
      haproxy: { pid: proxy.child.pid, configFile, logFile },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** A started process the cluster stops: the signal, then its exit (SIGKILL after 20 s). */
function managed(kind, name, { child, exited }) {
  return {
    kind,
    name,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}

/** Resolves once `url` answers at all (the S3 server refuses an unsigned list: still an answer). */
async function answersAnything(url, child) {
  for (let i = 0; i < 450; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited before answering`);
    try {
      await fetch(url);
      return;
    } catch {
      await sleep(200);
    }
  }
  throw new Error(`${url} did not answer`);
}

/** Waits until `count` different instances have answered through the proxy. */
async function allServing(url, count) {
  const seen = new Set();
  for (let i = 0; i < 200 && seen.size < count; i++) {
    const response = await fetch(`${url}/api/health/live`);
    seen.add(response.headers.get('x-served-by'));
    if (seen.size < count) await sleep(100);
  }
  if (seen.size < count)
    throw new Error(`only ${[...seen].join(', ')} of ${count} instances serve through the proxy`);
}
