// `npm run typecheck`: each TypeScript project in turn, incremental: what a run learnt is kept in
// node_modules/.cache/tsc, so the next run checks only what changed since (34-39 s from cold here,
// 9 s warm with nothing changed). A fresh clone starts cold, as CI does. The API client's types
// are generated first when stale (packages/client/scripts/ensure.mjs): the client, the CLI and the
// API's tests are typed by them.
import { ensureClient } from '../packages/client/scripts/ensure.mjs';
import { ROOT, run } from './lib.mjs';

ensureClient();
const PROJECTS = ['packages/shared', 'packages/client', 'packages/cli', 'apps/api', 'apps/web', 'e2e'];
for (const project of PROJECTS) {
  const buildInfo = `${ROOT}/node_modules/.cache/tsc/${project.replace('/', '-')}.tsbuildinfo`;
  const status = run('npx', ['tsc', '-p', project, '--incremental', '--tsBuildInfoFile', buildInfo]);
  if (status !== 0) process.exit(status);
}
