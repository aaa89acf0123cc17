// Which browser journeys (e2e/<name>.spec.ts) a change calls for, from the paths it changed.
// A feature's folder (apps/web/src/features/<f>, apps/api/src/modules/<m>[/<sub>]) or a shared
// enum or schema file (packages/shared/src/*/<f>.ts) names a feature; FEATURE_JOURNEYS says which
// journeys walk through it, and a journey of that very name is always one. A changed journey runs
// itself. A change anywhere else the app runs (the kit, the layouts, the platform, the database,
// the simulated cloud, the e2e support) calls for all of them; docs and other tests for none.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib.mjs';

/** Features whose journeys are named otherwise, or that more than one journey walks through. */
export const FEATURE_JOURNEYS = {
  alarm: ['alarms'],
  announcements: ['dashboard'],
  audit: ['iam'],
  auth: ['sign-in'],
  login: ['sign-in'],
  'client-info': ['sign-in'],
  'my-info': ['sign-in'],
  account: ['sign-in', 'iam'],
  compute: ['compute', 'vm-console', 'snapshots'],
  vm: ['compute', 'vm-console'],
  disk: ['compute'],
  vni: ['compute'],
  snapshot: ['snapshots'],
  'snapshot-rule': ['snapshots'],
  'data-store': ['ccis'],
  'dev-outbox': ['sign-in', 'registration'],
  network: ['networks', 'vpc', 'firewall', 'balancer'],
  vpc: ['vpc', 'networks'],
  firewall: ['firewall', 'networks'],
  balancer: ['balancer', 'networks'],
  exchange: ['ex-cloud'],
  'cloud-exchange': ['ex-cloud'],
  'public-cloud': ['ex-cloud'],
  news: ['public-pages'],
  products: ['public-pages'],
  home: ['public-pages'],
  legal: ['public-pages'],
  'site-map': ['public-pages'],
  'cookie-policy': ['public-pages'],
  doing: ['public-pages'],
  order: ['orders'],
  password: ['registration'],
  register: ['registration'],
  ops: ['registration', 'tickets', 'dashboard'],
  storage: ['buckets'],
  bucket: ['buckets'],
  objects: ['buckets'],
  lifecycle: ['buckets'],
  keys: ['buckets'],
  ticket: ['tickets'],
  usage: ['valuation'],
  metrics: ['metrics', 'alarms'],
};

/**
 * The e2e files of the journey on libvirt (libvirt.spec.ts, support/libvirt.ts, its config): it
 * runs by its own config on a libvirt host (npm test with PORTAL_LIBVIRT_TESTS=1), never here.
 */
const LIBVIRT_E2E = /^e2e\/(.*\/)?(playwright\.)?libvirt(\.config|\.spec)?\.ts$/;

/** The journeys there are: e2e/<name>.spec.ts, on the simulated cloud. */
export const JOURNEYS = readdirSync(path.join(ROOT, 'e2e'))
  .filter((name) => name.endsWith('.spec.ts') && !LIBVIRT_E2E.test(`e2e/${name}`))
  .map((name) => name.slice(0, -'.spec.ts'.length));

/** The feature a path belongs to, 'all' when it is a part every feature runs on, or null for none. */
function featureOf(file) {
  const parts = file.split('/');
  const name = parts.at(-1);
  if (file.endsWith('.md') || file.startsWith('docs/')) return null;
  if (LIBVIRT_E2E.test(file)) return null;
  if (file.startsWith('e2e/')) {
    const journey = /^e2e\/([\w-]+)\.spec\.ts$/.exec(file)?.[1];
    return journey ?? 'all';
  }
  // A unit or API test changes no journey: vitest's changed mode runs it.
  if (/\.test\.(ts|tsx|mjs|js)$/.test(name)) return null;
  if (file.startsWith('apps/web/src/features/')) return parts[4];
  if (file.startsWith('apps/api/src/modules/')) return parts.length > 6 ? parts[5] : parts[4];
  if (/^packages\/shared\/src\/(enums|schemas|pricing)\//.test(file)) {
    const stem = name.replace(/\.ts$/, '');
    return stem === 'index' || stem === 'enum' ? 'all' : stem;
  }
  if (file.startsWith('tools/') || file.startsWith('.ci/')) return null;
  // The API client and the CLI: no page runs on them.
  if (/^packages\/(client|cli)\//.test(file)) return null;
  return 'all';
}

/** The journeys to run for these changed paths: names, or 'all'. */
export function journeysFor(files) {
  const chosen = new Set();
  for (const file of files) {
    const feature = featureOf(file);
    if (feature === null) continue;
    if (feature === 'all') return 'all';
    for (const journey of [feature, `${feature}s`, ...(FEATURE_JOURNEYS[feature] ?? [])])
      if (JOURNEYS.includes(journey)) chosen.add(journey);
  }
  return [...chosen].sort();
}
