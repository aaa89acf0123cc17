// `npm run cluster`: the production layout on this machine (decision 0027, README "Production
// layout"): HAProxy in front of CLUSTER_INSTANCES API instances (2) on DATABASE_URL (required) and
// REDIS_URL (redis://127.0.0.1:6379), sharing the portal's S3 server. CLUSTER_PORT (8080) is where
// HAProxy listens; CLUSTER_DATA_DIR (data/cluster) keeps the S3 files, the shared keys and
// HAProxy's configuration and log. Ctrl-C stops everything: the proxy, then the instances
// (each drains), then the S3 server.
import { ensureDependencies, ensureWebBuild } from './lib.mjs';
import { startCluster } from './cluster-start.mjs';

const count = (name, fallback) => {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`${name} must be a positive whole number, got "${value}"`);
    process.exit(2);
  }
  return n;
};

if (!process.env.DATABASE_URL) {
  console.error(
    'DATABASE_URL is required: the instances share one PostgreSQL database, e.g.\n' +
      '  DATABASE_URL=postgres://user@127.0.0.1:5432/portal npm run cluster',
  );
  process.exit(2);
}
ensureDependencies();
ensureWebBuild();

let cluster;
try {
  cluster = await startCluster({
    instances: count('CLUSTER_INSTANCES', 2),
    port: count('CLUSTER_PORT', 8080),
    ...(process.env.CLUSTER_DATA_DIR ? { dataDir: process.env.CLUSTER_DATA_DIR } : {}),
  });
} catch (error) {
  console.error(`The cluster did not start: ${error.message}`);
  process.exit(1);
}

console.log(
  [
    `Cloud portal on ${cluster.url} (HAProxy, round robin over ${cluster.instances.length} instances)`,
    ...cluster.instances.map((api) => `  ${api.name}: ${api.url} (pid ${api.pid})`),
    `  S3 server: ${cluster.s3.endpoint}`,
    `  HAProxy: ${cluster.haproxy.configFile}, request log in ${cluster.haproxy.logFile}`,
    'Ctrl-C stops everything.',
  ].join('\n'),
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log('Stopping: the proxy, then the instances (each drains), then the S3 server...');
    cluster.stop().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
