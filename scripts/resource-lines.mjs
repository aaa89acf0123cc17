// `npm run resource-lines`: what each console resource costs in source lines of its own, and how
// much of it is declaration (docs/resource-kit.md shows the table). A resource's own source is its
// files on the three sides, tests and locale files left out:
// - shared: its schema file and its rules file (packages/shared/src/schemas|rules/<name>.ts), and
//   its contract (the `defineContract` block in packages/shared/src/resources);
// - API: the files of its module folder named after it (<prefix>-*.ts);
// - web: its feature folder (features/<folder>/*, not `objects/` sub-features).
// Declaration: the schema file, the contract, the API's `defineResource(...)` block, the web's
// `*-base.ts`, `*-module.ts` and its `ResourceDefinition` object. The rest (handlers, repository,
// operations, rules, forms and dialogs) is the resource's domain code.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib.mjs';

/** type → where its files are: the API folder and file prefixes, the web feature, shared names. */
const RESOURCES = [
  { type: 'vms', api: ['compute', ['vm-']], web: 'vm', shared: ['vm'], contract: 'vmContract' },
  { type: 'disks', api: ['compute', ['disk-']], web: 'disk', shared: ['disk'], contract: 'diskContract' },
  { type: 'vnis', api: ['compute', ['vni-']], web: 'vni', shared: ['vni'], contract: 'vniContract' },
  {
    type: 'snapshots',
    api: ['compute/snapshots', ['snapshot-', 'take-snapshot', 'vm-from-snapshot']],
    web: 'snapshot',
    shared: ['snapshot'],
    contract: 'snapshotContract',
  },
  {
    type: 'snapshot-rules',
    api: ['compute/snapshots', ['rule-']],
    web: 'snapshot-rule',
    shared: ['snapshot-rule', 'snapshot-schedule'],
    contract: 'snapshotRuleContract',
  },
  { type: 'vpcs', api: ['network/vpc', ['vpc-']], web: 'vpc', shared: ['vpc'], contract: 'vpcContract' },
  {
    type: 'firewalls',
    api: ['network/firewall', ['firewall-', 'rule-rows']],
    web: 'firewall',
    shared: ['firewall'],
    contract: 'firewallContract',
  },
  {
    type: 'balancers',
    api: ['network/balancer', ['balancer-', 'certificate']],
    web: 'balancer',
    shared: ['balancer'],
    contract: 'balancerContract',
  },
  {
    type: 'ccx-clusters',
    api: ['network/ccx', ['ccx-']],
    web: 'ccx',
    shared: ['ccx'],
    contract: 'ccxClusterContract',
  },
  {
    type: 'exchanges',
    api: ['network/exchange', ['exchange-']],
    web: 'ex-cloud',
    webPrefixes: ['exchange-', 'ex-cloud-'],
    shared: ['cloud-exchange'],
    contract: 'exchangeContract',
  },
  {
    type: 'public-cloud-credentials',
    api: ['network/exchange', ['credential-', 'public-cloud']],
    web: 'ex-cloud',
    webPrefixes: ['credential-'],
    shared: ['public-cloud'],
    contract: 'publicCloudCredentialContract',
  },
  {
    type: 'buckets',
    api: ['storage/bucket', ['bucket-']],
    web: 'bucket',
    webPrefixes: [
      'bucket-base',
      'bucket-create',
      'bucket-module',
      'bucket-resource',
      'bucket-permission',
      'bucket-api',
    ],
    shared: ['bucket'],
    contract: 'bucketContract',
  },
  { type: 'alarms', api: ['alarms', ['alarm-']], web: 'alarm', shared: ['alarm'], contract: 'alarmContract' },
  {
    type: 'tickets',
    api: ['tickets', ['ticket-']],
    web: 'ticket',
    webPrefixes: ['ticket-'],
    shared: ['ticket'],
    contract: 'ticketContract',
  },
];

const API = path.join(ROOT, 'apps/api/src/modules');
const WEB = path.join(ROOT, 'apps/web/src/features');
const SHARED = path.join(ROOT, 'packages/shared/src');
const isSource = (f) =>
  /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.startsWith('demo-') && !f.startsWith('test-');
const lines = (file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '').length;

/** The non-blank lines of the block that starts at the first line matching `start` and ends at its `});` or `};`. */
function blockLines(file, start) {
  const all = readFileSync(file, 'utf8').split('\n');
  const from = all.findIndex((l) => start.test(l));
  if (from < 0) return 0;
  const indent = /^\s*/.exec(all[from])[0];
  let to = from;
  while (to < all.length && !(to > from && new RegExp(`^${indent}\\}\\)?;`).test(all[to]))) to++;
  return all.slice(from, to + 1).filter((l) => l.trim() !== '').length;
}

function count(r) {
  const files = [];
  const [apiDir, prefixes] = r.api;
  for (const f of readdirSync(path.join(API, apiDir)))
    if (isSource(f) && prefixes.some((p) => f.startsWith(p))) files.push(path.join(API, apiDir, f));
  for (const f of readdirSync(path.join(WEB, r.web)))
    if (isSource(f) && (!r.webPrefixes || r.webPrefixes.some((p) => f.startsWith(p))))
      files.push(path.join(WEB, r.web, f));
  for (const name of r.shared)
    for (const dir of ['schemas', 'rules']) {
      const file = path.join(SHARED, dir, `${name}.ts`);
      if (existsSync(file)) files.push(file);
    }
  const contractFile = readdirSync(path.join(SHARED, 'resources'))
    .map((f) => path.join(SHARED, 'resources', f))
    .find((f) => readFileSync(f, 'utf8').includes(`export const ${r.contract} =`));
  const contract = blockLines(contractFile, new RegExp(`export const ${r.contract} =`));
  let declaration = contract;
  for (const file of files) {
    const name = path.basename(file);
    if (file.includes('/schemas/') || name.endsWith('-base.ts') || name.endsWith('-module.ts'))
      declaration += lines(file);
    else if (file.startsWith(API)) declaration += blockLines(file, /defineResource\(/);
    else if (file.startsWith(WEB) && name.endsWith('-resource.tsx'))
      declaration += blockLines(file, /^export const \w+: ResourceDefinition</);
  }
  const total = files.reduce((sum, f) => sum + lines(f), contract);
  return {
    type: r.type,
    files: files.length,
    total,
    declaration,
    share: Math.round((100 * declaration) / total),
  };
}

const rows = RESOURCES.map(count);
console.log('| resource | files | own lines | declaration | share |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const r of rows)
  console.log(`| ${r.type} | ${r.files} | ${r.total} | ${r.declaration} | ${r.share} % |`);
const sorted = rows.map((r) => r.total).sort((a, b) => a - b);
console.log(`\nmedian own lines: ${sorted[Math.floor(sorted.length / 2)]}`);
