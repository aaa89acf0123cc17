// `npm run test:changed [-- <git ref>]`: the developer's inner loop. Runs the unit and API tests
// that a change touches (vitest's changed mode: the test files that import a changed file, at any
// depth) and the browser journeys of the features it changed. The change is what differs from the
// ref (default HEAD: the uncommitted work), untracked files included. `--list` only prints what
// would run. The whole suite stays `npm test`; this is for between its runs.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { journeysFor } from './changed-journeys.mjs';
import { ROOT, ensureChromium, ensureDependencies, ensureWebBuild, run } from './lib.mjs';

const args = process.argv.slice(2);
const listOnly = args.includes('--list');
const ref = args.find((a) => !a.startsWith('--')) ?? 'HEAD';

const git = (...gitArgs) => {
  const r = spawnSync('git', gitArgs, { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) {
    console.error(r.stderr.trim() || `git ${gitArgs.join(' ')} failed`);
    process.exit(2);
  }
  return r.stdout.split('\n').filter(Boolean);
};

const changed = [
  ...new Set([...git('diff', '--name-only', ref), ...git('ls-files', '--others', '--exclude-standard')]),
];
if (changed.length === 0) {
  console.log(`Nothing differs from ${ref}.`);
  process.exit(0);
}
const journeys = journeysFor(changed);
console.log(`${changed.length} files differ from ${ref}.`);
console.log(
  journeys === 'all'
    ? 'Journeys: all (a shared part changed)'
    : `Journeys: ${journeys.length ? journeys.join(', ') : 'none'}`,
);
if (listOnly) {
  run('npx', ['vitest', 'list', '--changed', ref, '--filesOnly']);
  process.exit(0);
}

ensureDependencies();
let status = run('npx', ['vitest', 'run', '--changed', ref, '--passWithNoTests']);
if (journeys === 'all' || journeys.length > 0) {
  if (!ensureChromium()) process.exit(1);
  ensureWebBuild();
  const files = journeys === 'all' ? [] : journeys.map((name) => path.join('e2e', `${name}.spec.ts`));
  status ||= run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...files]);
}
process.exit(status);
