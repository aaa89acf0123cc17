// `npm run screenshots`: pages of the portal in both languages at 390 px and 1440 px wide,
// written to screenshots/<lang>-<width>-<name>.png to be looked at.
// `npm run screenshots -- login dashboard` takes only the named pages.
// SCREENSHOT_SCHEMES=light,dark (default light) takes them in those colour schemes too, the browser
// preferring that scheme: dark pictures are <lang>-<width>-dark-<name>.png.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS, ROOT, ensureDependencies, ensureWebBuild } from './lib.mjs';
import { demoRootToken, startPortal } from './server.mjs';
import * as reg from './registration-fixtures.mjs';

async function editViewerPath(base, token) {
  const res = await fetch(`${base}/api/iam/users?search=viewer`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = await res.json();
  return `/editIAM/${data.records[0].id}`;
}

/** A demo VM's page (ids differ per database): db-primary has two data volumes for the storage tab. */
const vmDetailPath =
  (tab = '') =>
  async (base, token) => {
    const res = await fetch(`${base}/api/vms?search=db-primary`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { data } = await res.json();
    return `/vmSetting/${data.records[0].uuid}${tab ? `?tab=${tab}` : ''}`;
  };

/** A demo VM's page by name. */
const vmNamedPath = (name) => async (base, token) => {
  const res = await fetch(`${base}/api/vms?search=${name}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = await res.json();
  return `/vmSetting/${data.records[0].uuid}`;
};

/** A page opened with a demo VM chosen (`?vm=`, as the VM page's actions link them). */
const withVmPath = (route) => (name) => async (base, token) => {
  const res = await fetch(`${base}/api/vms?search=${name}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = await res.json();
  return `${route}?vm=${data.records[0].uuid}`;
};
/** The order's create page with a demo VM chosen. */
const orderCreateForPath = withVmPath('/order/create');

/** bastion's page once it is on an annual contract (ordersPath converts it). */
async function vmAnnualPath(base, token) {
  await ordersPath('')(base, token);
  const res = await fetch(`${base}/api/vms?search=bastion`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = await res.json();
  return `/vmSetting/${data.records[0].uuid}`;
}

/** A demo VM's monitoring page over a window. */
const metricsVmPath = (name, window) => async (base, token) => {
  const res = await fetch(`${base}/api/metrics/vms?search=${name}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = await res.json();
  return `/singleVM/${data.records[0].uuid}?window=${window}`;
};

/** The demo ticket about web-01, which the support team answered and waits on (demo-tickets.ts). */
const demoTicketId = async (base, token) => {
  const res = await fetch(`${base}/api/tickets?status=WAITING`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = await res.json();
  return data.records[0].uuid;
};
/** The ticket form opened from a VM's "Open a ticket" (`?vm=`). */
const ticketCreateForPath = withVmPath('/createTicket');
/** The snapshot form opened from a VM's "Take a snapshot" (`?vm=`): its price shown. */
const snapshotCreateForPath = withVmPath('/createSnapshot');
const ticketDetailPath = async (base, token) => `/myTicket/${await demoTicketId(base, token)}`;
const opsTicketPath = async (base, token) => `/ops/tickets/${await demoTicketId(base, token)}`;

/** The VM form started from the demo's newest database snapshot. */
async function snapshotToVmPath(base, token) {
  const res = await fetch(`${base}/api/snapshots?search=db-primary&sort=createDate&orderby=desc`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = await res.json();
  return `/createSnapshotToNewVM?snapshot=${data.records[0].uuid}`;
}

/** The demo's nightly rule. */
async function editRulePath(base, token) {
  const res = await fetch(`${base}/api/snapshot-rules?search=nightly`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = await res.json();
  return `/editSnapshotRule/${data.records[0].uuid}`;
}

/** The demo's web-tier firewall (its rules fill the edit page). */
async function editFirewallPath(base, token) {
  const res = await fetch(`${base}/api/firewalls?search=web-public`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = await res.json();
  return `/editFirewall/${data.records[0].firewallUuid}`;
}

/** The firewall form opened from the demo's VPC (`/createFirewall/{vpcId}`). */
async function createFirewallInVpcPath(base, token) {
  const res = await fetch(`${base}/api/vpcs`, { headers: { authorization: `Bearer ${token}` } });
  const { data } = await res.json();
  return `/createFirewall/${data.records[0].netUuid}`;
}

/** The demo's load balancer. */
async function editBalancerPath(base, token) {
  const res = await fetch(`${base}/api/balancers?search=web-frontend`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = await res.json();
  return `/editBalancer/${data.records[0].uuid}`;
}

/**
 * An HTTPS balancer beside the demo's, its certificate (made here with openssl) expiring in 20
 * days: its edit page shows the certificate section, and the list the expiry warning.
 */
async function httpsBalancerPath(base, token) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const found = await (await fetch(`${base}/api/balancers?search=shop-https`, { headers })).json();
  if (found.data.records.length > 0) return `/editBalancer/${found.data.records[0].uuid}`;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lb-shot-'));
  const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '20',
      '-subj',
      '/CN=shop.example.com/O=Example Shop',
      '-addext',
      'subjectAltName=DNS:shop.example.com',
    ],
    { stdio: 'pipe' },
  );
  const vms = await (await fetch(`${base}/api/vms?search=api-0`, { headers })).json();
  const body = {
    lbType: 1,
    lbName: 'shop-https',
    lbProtocol: 'HTTPS',
    lbPort: 443,
    lbUrl: 'shop.example.com',
    vpcUuid: vms.data.records[0].vpcUuid,
    vmUuids: vms.data.records.map((vm) => vm.uuid),
    lbXforwardedfor: true,
    lbCertificate: readFileSync(cert, 'utf8'),
    lbPrivateKey: readFileSync(key, 'utf8'),
  };
  rmSync(dir, { recursive: true, force: true });
  const res = await fetch(`${base}/api/balancers`, { method: 'POST', headers, body: JSON.stringify(body) });
  const { data } = await res.json();
  // Programmed by the simulated cloud in real time (20-40 s at scale 1): the edit page waits for none.
  return `/editBalancer/${data.uuid}`;
}
/** A page of a demo VPC: the default one holds the fleet, back-office has routes out. */
const vpcPath =
  (search, page, tab = '') =>
  async (base, token) => {
    const res = await fetch(`${base}/api/vpcs?search=${search}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { data } = await res.json();
    return `/${page}/${data.records[0].netUuid}${tab ? `?tab=${tab}` : ''}`;
  };

/**
 * The demo's alarms, made once through the API (the demo seeds none): a CPU alarm on web-01 set
 * off by hand (its history has an entry), a memory alarm on db-primary and a monthly budget.
 * Answers the triggered alarm's id.
 */
async function demoAlarms(base, token) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const found = await (await fetch(`${base}/api/alarms?search=web-01-cpu`, { headers })).json();
  if (found.data.records.length > 0) return found.data.records[0].uuid;
  const vms = (await (await fetch(`${base}/api/vms?page=0&limit=0`, { headers })).json()).data.records;
  const vm = (name) => vms.find((v) => v.name === name).uuid;
  const post = async (body) =>
    (
      await (
        await fetch(`${base}/api/alarms`, { method: 'POST', headers, body: JSON.stringify(body) })
      ).json()
    ).data;
  const common = { emails: ['ops@example.com', 'oncall@example.com'] };
  await post({
    ...common,
    alarmName: 'monthly-budget',
    kind: 'budget',
    budgetAmount: '50000',
    thresholdPct: 80,
  });
  await post({
    ...common,
    alarmName: 'db-primary-memory',
    vmUuid: vm('db-primary'),
    item: 'memory',
    operator: '>=',
    criticalNumber: 90,
    continuance: 5,
    coolDownTime: 60,
  });
  const cpu = await post({
    ...common,
    alarmName: 'web-01-cpu',
    vmUuid: vm('web-01'),
    item: 'cpu',
    operator: '>',
    criticalNumber: 80,
    continuance: 3,
    coolDownTime: 30,
  });
  await fetch(`${base}/api/alarms/${cpu.uuid}/trigger`, {
    method: 'POST',
    headers: { authorization: headers.authorization },
  });
  return cpu.uuid;
}
const alarmListPath = async (base, token) => (await demoAlarms(base, token), '/alarm');
const alarmEditPath = async (base, token) => `/alarm/edit/${await demoAlarms(base, token)}`;

/**
 * The demo's orders for the order pages: bastion on a 12-month annual contract and a data-store
 * purchase, each made once (the orders' idempotency key answers a second run with the first order;
 * the data store buys once a day), then the page's path.
 */
const ordersPath = (page) => async (base, token) => {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const vms = await (await fetch(`${base}/api/vms?search=bastion`, { headers })).json();
  await fetch(`${base}/api/orders`, {
    method: 'POST',
    headers: { ...headers, 'idempotency-key': 'screenshots-bastion-annual' },
    body: JSON.stringify({
      vmId: vms.data.records[0].uuid,
      months: 12,
      autoRenew: true,
      currentPassword: process.env.DEMO_PASSWORD ?? 'Demo-Portal-2026!',
    }),
  });
  await fetch(`${base}/api/data-store/purchases`, {
    method: 'POST',
    headers: { ...headers, 'idempotency-key': 'screenshots-data-store' },
    body: JSON.stringify({ commitGb: 2000, months: 24, autoExtend: true }),
  });
  return page;
};

/** db-primary's audit trail, with a change to it (its tags set through the API) in it. */
async function vmAuditPath(base, token) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const res = await fetch(`${base}/api/vms?search=db-primary`, { headers });
  const { data } = await res.json();
  const id = data.records[0].uuid;
  await fetch(`${base}/api/tags/vms/${id}`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ tags: [{ key: 'env', value: 'production' }] }),
  });
  return `/auditLog?targetType=vm&targetId=${id}`;
}

/**
 * The dashboard with more to show than a fresh demo: the demo's alarms (one alarming) and its
 * orders and data-store contract.
 */
const dashboardPath = async (base, token) => {
  await demoAlarms(base, token);
  return ordersPath('/dashboard')(base, token);
};
/**
 * Announcements of each state besides the demo's current one, written once through the staff API
 * (a later run finds them by title), for the operations page.
 */
async function opsAnnouncementsPath(base) {
  const staff = await reg.staffToken(base);
  const headers = { authorization: `Bearer ${staff}`, 'content-type': 'application/json' };
  const list = await (await fetch(`${base}/api/ops/announcements?limit=0`, { headers })).json();
  const have = new Set(list.data.records.map((a) => a.titleE));
  const day = 24 * 60 * 60 * 1000;
  const at = (days) => new Date(Date.now() + days * day).toISOString();
  const samples = [
    {
      titleC: '資料中心網路設備升級',
      titleE: 'Data centre network upgrade',
      bodyC: '下週六 01:00–03:00 進行網路設備升級，期間虛擬機可能短暫斷線。',
      bodyE: 'Network equipment is upgraded next Saturday, 01:00–03:00; VMs may lose connectivity briefly.',
      level: 'maintenance',
      startsAt: at(3),
      endsAt: at(6),
    },
    {
      titleC: '物件儲存服務延遲已排除',
      titleE: 'Object storage latency resolved',
      bodyC: '物件儲存的延遲問題已排除。',
      bodyE: 'The object storage latency has been resolved.',
      level: 'warning',
      startsAt: at(-10),
      endsAt: at(-9),
    },
  ];
  for (const body of samples.filter((a) => !have.has(a.titleE))) {
    await fetch(`${base}/api/ops/announcements`, { method: 'POST', headers, body: JSON.stringify(body) });
  }
  return '/ops/announcements';
}

/**
 * name → hash path (or a function of the portal and the root's token), whether it needs the demo
 * root signed in (or a staff session), and a test id to click before the picture (a dialog).
 */
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'login', path: '/login' },
  // The two-factor step just after the password: Resend counts down from the code just sent.
  { name: 'login-two-factor', path: '/login', action: demoRootPassword },
  // The console search over the kinds added to it: an IAM user and an alarm among them.
  { name: 'search-more-kinds', path: '/dashboard', signedIn: true, action: searchPalette('view') },
  { name: 'doing', path: '/doing', signedIn: true },
  { name: 'dashboard', path: dashboardPath, signedIn: true },
  { name: 'my-info', path: '/myInfo', signedIn: true },
  { name: 'iam', path: '/iam', signedIn: true },
  { name: 'apiKeys', path: '/apiKeys', signedIn: true },
  // Users selected: lock, unlock and delete on many, and the selection as CSV.
  { name: 'iam-selected', path: '/iam', signedIn: true, action: selectAll('iam') },
  { name: 'iam-create', path: '/createIAM', signedIn: true },
  // The demo viewer's id differs per database: looked up with the root's token.
  { name: 'iam-edit', path: editViewerPath, signedIn: true },
  { name: 'audit-log', path: '/auditLog', signedIn: true },
  { name: 'audit-log-vm', path: vmAuditPath, signedIn: true },
  // Entries selected: their only bulk action is the export.
  { name: 'audit-log-selected', path: '/auditLog', signedIn: true, action: selectAll('audit') },
  // A start after the end: said under "to", the export off, nothing asked of the server.
  {
    name: 'audit-log-range-refused',
    path: '/auditLog',
    signedIn: true,
    action: reversedRange('audit-filter'),
  },
  {
    name: 'order-history-range-refused',
    path: ordersPath('/orderHistory'),
    signedIn: true,
    action: reversedRange('order-filter', 'date'),
  },
  { name: 'vm-list', path: '/vmSetting', signedIn: true },
  // The VMs no rule protects, all chosen, in the Protect dialog with its one-click default rule.
  { name: 'vm-protect-default', path: '/vmSetting?protected=no', signedIn: true, action: protectAll },
  { name: 'vm-detail', path: vmDetailPath(), signedIn: true },
  // ci-runner failed when its host stopped answering: the cloud's reason in the page's language.
  { name: 'vm-detail-failed', path: vmNamedPath('ci-runner'), signedIn: true },
  { name: 'vm-detail-storage', path: vmDetailPath('storage'), signedIn: true },
  // The console search: its palette opened on the dashboard, empty and with the demo's hits for "web".
  { name: 'search-palette', path: '/dashboard', signedIn: true, action: searchPalette('web') },
  { name: 'search-palette-ip', path: '/dashboard', signedIn: true, action: searchPalette('10.0.0.1') },
  { name: 'search-palette-empty', path: '/dashboard', signedIn: true, action: searchPalette('') },
  // The demo's AWS connection and credential, and its nightly snapshot rule.
  { name: 'search-palette-aws', path: '/dashboard', signedIn: true, action: searchPalette('aws') },
  { name: 'search-palette-rule', path: '/dashboard', signedIn: true, action: searchPalette('nightly') },
  // The serial console at its login prompt (db-primary runs).
  { name: 'vm-detail-web', path: vmDetailPath('web'), signedIn: true },
  { name: 'vm-create', path: '/createVM', signedIn: true },
  { name: 'disk-list', path: '/diskList', signedIn: true },
  { name: 'disk-create', path: '/createDisk', signedIn: true },
  // Adjust size with a larger size typed: the price now, after, and the difference.
  { name: 'disk-resize-price', path: '/diskList', signedIn: true, action: diskResizeDialog },
  { name: 'vni-list', path: '/vni', signedIn: true },
  { name: 'snapshot-list', path: '/snapshot', signedIn: true },
  { name: 'snapshot-create', path: '/createSnapshot', signedIn: true },
  // The VM chosen: the snapshot's monthly price from its disks' GB.
  { name: 'snapshot-create-price', path: snapshotCreateForPath('db-primary'), signedIn: true },
  { name: 'snapshot-new-vm', path: snapshotToVmPath, signedIn: true },
  { name: 'snapshot-rule-list', path: '/snapshotRule', signedIn: true },
  { name: 'snapshot-rule-create', path: '/createSnapshotRule', signedIn: true },
  // With a VM chosen: the price of the snapshots the rule keeps.
  {
    name: 'snapshot-rule-create-price',
    path: withVmPath('/createSnapshotRule')('db-primary'),
    signedIn: true,
  },
  { name: 'snapshot-rule-edit', path: editRulePath, signedIn: true },
  { name: 'vm-detail-snapshots', path: vmDetailPath('snapshots'), signedIn: true },
  { name: 'ex-cloud-aws', path: '/exCloud?tab=aws', signedIn: true },
  { name: 'ex-cloud-gcp', path: '/exCloud?tab=gcp', signedIn: true },
  // Where a console search hit of a connection leads: its tab, the list searched for its key.
  { name: 'ex-cloud-searched', path: '/exCloud?tab=aws&search=dxcon-fgq8x2ma', signedIn: true },
  { name: 'ex-cloud-create', path: '/createExCloud?ccxType=2', signedIn: true },
  { name: 'firewall-list', path: '/firewall', signedIn: true },
  { name: 'firewall-create', path: createFirewallInVpcPath, signedIn: true },
  { name: 'firewall-edit', path: editFirewallPath, signedIn: true },
  { name: 'vm-detail-security', path: vmDetailPath('security'), signedIn: true },
  { name: 'ccx-list', path: '/ccxList', signedIn: true },
  { name: 'ccx-create', path: '/createCCX', signedIn: true },
  { name: 'balancer-https', path: httpsBalancerPath, signedIn: true },
  { name: 'balancer-list', path: '/balancer', signedIn: true },
  { name: 'balancer-create', path: '/createBalancer', signedIn: true },
  { name: 'balancer-edit', path: editBalancerPath, signedIn: true },
  { name: 'vpc-list', path: '/vpcNets', signedIn: true },
  { name: 'vpc-list-selected', path: '/vpcNets', signedIn: true, action: selectAll('vpc') },
  { name: 'vpc-create', path: '/createVPCNets', signedIn: true },
  { name: 'vpc-edit', path: vpcPath('back-office', 'editVPCNets'), signedIn: true },
  { name: 'vpc-routes', path: vpcPath('back-office', 'editNetRoute'), signedIn: true },
  { name: 'vpc-detail', path: vpcPath('back-office', 'vpcNets'), signedIn: true },
  { name: 'vpc-map', path: vpcPath('default', 'vpcNets', 'map'), signedIn: true },
  { name: 'vpc-map-routes', path: vpcPath('back-office', 'vpcNets', 'map'), signedIn: true },
  { name: 'bucket-list', path: '/bucket', signedIn: true },
  // The create dialog: free to create, stored data at its price by use.
  { name: 'bucket-create-price', path: '/bucket', signedIn: true, click: 'bucket-create' },
  { name: 'bucket-info', path: '/bucket/acme-backups', signedIn: true },
  { name: 'bucket-objects', path: '/bucket/acme-backups?tab=objects&prefix=db%2F', signedIn: true },
  { name: 'bucket-lifecycle', path: '/bucket/acme-backups?tab=lifecycle', signedIn: true },
  { name: 'bucket-permission', path: '/bucket/acme-website?tab=permission', signedIn: true },
  { name: 'bucket-usage', path: '/bucket/acme-backups?tab=usage', signedIn: true },
  { name: 'bucket-keys', path: '/bucket/acme-backups?tab=keys', signedIn: true },
  // A file's rename with a name that would climb out of the bucket: refused as it is typed.
  {
    name: 'bucket-object-rename-refused',
    path: '/bucket/acme-backups?tab=objects&prefix=db%2F',
    signedIn: true,
    action: renameFirstFileTo('..'),
  },
  { name: 'data-store', path: '/purchaseCCIS', signedIn: true },
  { name: 'alarm-list', path: alarmListPath, signedIn: true },
  { name: 'alarm-create', path: '/alarm/create', signedIn: true },
  { name: 'alarm-create-budget', path: '/alarm/create?kind=budget', signedIn: true },
  { name: 'alarm-edit', path: alarmEditPath, signedIn: true },
  { name: 'order-manage', path: ordersPath('/orderManage'), signedIn: true },
  {
    name: 'order-manage-selected',
    path: ordersPath('/orderManage'),
    signedIn: true,
    action: selectAll('order'),
  },
  { name: 'order-create', path: ordersPath('/order/create'), signedIn: true },
  { name: 'order-history', path: ordersPath('/orderHistory'), signedIn: true },
  // Support tickets: the demo has one waiting, one new and one closed (demo-tickets.ts).
  { name: 'ticket-list', path: '/myTicket', signedIn: true },
  { name: 'ticket-create', path: ticketCreateForPath('web-01'), signedIn: true },
  { name: 'ticket-detail', path: ticketDetailPath, signedIn: true },
  // The create page opened from a VM's "convert to annual": cache-01 chosen, its price shown.
  { name: 'order-create-vm', path: orderCreateForPath('cache-01'), signedIn: true },
  // An annual VM's page: the resize and delete buttons off, the billing line says annual.
  { name: 'vm-detail-annual', path: vmAnnualPath, signedIn: true },
  // Metrics: the demo's running VMs start with a day of samples (demo-metrics.ts).
  { name: 'metrics-single-vm', path: '/singleVM', signedIn: true },
  { name: 'metrics-single-vm-detail', path: metricsVmPath('db-primary', '1d'), signedIn: true },
  { name: 'metrics-single-vm-week', path: metricsVmPath('web-01', '7d'), signedIn: true },
  { name: 'metrics-total', path: '/totalUsage?window=12h', signedIn: true },
  { name: 'vm-detail-monitor', path: vmDetailPath('monitor'), signedIn: true },
  { name: 'usage-report', path: '/usageReport', signedIn: true },
  { name: 'valuation', path: '/valuation', signedIn: true },
  { name: 'product-overview', path: '/product/1/overview' },
  { name: 'product-functions', path: '/product/1/functions' },
  { name: 'product-price', path: '/product/1/price' },
  { name: 'news-list', path: '/lastestNews' },
  { name: 'news-item', path: '/news/1' },
  { name: 'web-map', path: '/webMap' },
  { name: 'privacy', path: '/privacyRightDeclare' },
  { name: 'personal-data', path: '/personalProfileProtect' },
  { name: 'cookie-policy', path: '/cookiePolicy' },
  // zh-TW only: the English pictures show the visitor sent Home.
  { name: 'fraud-prevention', path: '/fraudPrevent' },
  { name: 'copyright', path: '/copyrightDeclare' },
  { name: 'cloud-terms', path: '/cloudDeclare' },
  { name: 'register', path: '/register' },
  { name: 'register-done', path: '/registerDone?email=someone%40example.com' },
  { name: 'register-info-input', path: reg.registerInfoPath },
  { name: 'register-info-done', path: '/registerInfoDone' },
  { name: 'register-query', path: '/registerQuery' },
  { name: 'register-query-done', path: '/registerQueryDone?email=someone%40example.com' },
  { name: 'register-query-result', path: reg.registerQueryResultPath },
  { name: 'register-link-expired', path: '/registerInfoInput/expired-link-000000' },
  { name: 'set-password', path: reg.setPasswordPath },
  { name: 'set-password-done', path: '/setPasswordDone' },
  { name: 'forget-password', path: '/forgetPassword' },
  { name: 'forget-password-done', path: '/forgetPasswordDone?email=someone%40example.com' },
  { name: 'reset-password', path: reg.resetPasswordPath },
  { name: 'reset-password-done', path: '/resetPasswordDone' },
  { name: 'ops-login', path: '/ops/login' },
  // Operations pages carry a staff session of their own (opsAuthorization).
  { name: 'ops-application', path: reg.opsApplicationPath, staff: true },
  { name: 'ops-applications', path: '/ops/applications', staff: true },
  { name: 'ops-audit', path: '/ops/audit', staff: true },
  { name: 'ops-tickets', path: '/ops/tickets', staff: true },
  { name: 'ops-ticket', path: opsTicketPath, staff: true },
  { name: 'ops-announcements', path: opsAnnouncementsPath, staff: true },
  { name: 'ops-announcement-dialog', path: opsAnnouncementsPath, staff: true, click: 'announcement-new' },
  { name: 'ops-clients', path: '/ops/clients', staff: true },
];
const WIDTHS = [390, 1440];

/** Opens the rename dialog of the first file listed and types `name` into it. */
function renameFirstFileTo(name) {
  return async (tab) => {
    const key = await tab
      .locator('[data-testid=object-row]')
      .evaluateAll((rows) => rows.map((r) => r.dataset.key).find((k) => !k.endsWith('/')));
    await tab.getByTestId(`object-more-${key}`).click();
    await tab.getByTestId(`object-rename-${key}`).click();
    const field = tab.locator('input[name=newName]');
    await field.fill(name);
    await field.blur();
  };
}

/** Ticks a list's "select all" box: the selection's bar with its bulk actions and export. */
function selectAll(name) {
  return async (tab) => {
    await tab.getByTestId(`${name}-select-all`).locator('input').check();
    await tab.getByTestId(`${name}-bulk-bar`).waitFor();
  };
}

/** Chooses every VM on the list and opens Protect for them, up to the default rule's offer. */
async function protectAll(tab) {
  await tab.getByTestId('vm-select-all').locator('input').click();
  await tab.getByTestId('vm-bulk-protect').click();
  await tab.getByTestId('vm-protect-default-box').waitFor();
}

/** Types a from/to range of a list's filter bar in the wrong order. */
function reversedRange(prefix, type = 'datetime-local') {
  const [from, to] =
    type === 'date' ? ['2026-03-05', '2026-03-01'] : ['2026-03-05T10:00', '2026-03-01T10:00'];
  return async (tab) => {
    await tab.getByTestId(`${prefix}-from`).fill(from);
    await tab.getByTestId(`${prefix}-to`).fill(to);
    await tab.getByTestId(`${prefix}-range-error`).waitFor();
  };
}

/** The demo root's email and password on the sign-in page, up to the two-factor step. */
async function demoRootPassword(tab) {
  await tab.getByTestId('login-tab-root').click();
  await tab.getByTestId('field-account').fill('demo@example.com');
  await tab.getByTestId('field-password').fill(process.env.DEMO_PASSWORD ?? 'Demo-Portal-2026!');
  await tab.getByTestId('login-submit').click();
  await tab.getByTestId('login-form-2fa').waitFor();
}

/** Opens the console search (its shortcut) and asks `q`, waiting for the hits to be drawn. */
/** Opens the first disk's Adjust size and types a larger size: its price before and after. */
async function diskResizeDialog(tab) {
  // A row's icon on a wide list; on a phone the row's menu holds it.
  const inline = tab.locator('button[data-testid^="disk-resize-"]:enabled');
  if ((await inline.count()) === 0) await tab.locator('[data-testid^="disk-more-"]').first().click();
  await tab
    .locator('[data-testid^="disk-resize-"]:not([data-testid$="-reason"]):not(.Mui-disabled)')
    .first()
    .click();
  const field = tab.locator('input[name=diskSize]');
  await field.fill(String(Number(await field.inputValue()) + 100));
  await field.blur();
}

function searchPalette(q) {
  return async (tab) => {
    await tab.keyboard.press('Control+K');
    await tab.getByTestId('search-input').waitFor();
    if (!q) return;
    await tab.getByTestId('search-input').fill(q);
    await tab.locator('[data-testid^=search-hit-]').first().waitFor();
    await tab.waitForLoadState('networkidle');
  };
}
const LANGUAGES = ['zh-TW', 'en'];
const SCHEMES = (process.env.SCREENSHOT_SCHEMES ?? 'light').split(',').map((s) => s.trim());
for (const scheme of SCHEMES) {
  if (scheme !== 'light' && scheme !== 'dark') throw new Error(`SCREENSHOT_SCHEMES: no scheme ${scheme}`);
}

ensureDependencies();
ensureWebBuild();
const only = process.argv.slice(2);
const out = path.join(ROOT, 'screenshots');
mkdirSync(out, { recursive: true });

const portal = await startPortal({
  port: Number(process.env.SCREENSHOT_PORT ?? 3303),
  env: { RATE_LIMIT_PER_MINUTE: '100000000' },
});
const token = await demoRootToken(portal.base);
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: CHROMIUM_ARGS,
});
let count = 0;
for (const page of PAGES.filter((p) => !only.length || only.includes(p.name))) {
  for (const lang of LANGUAGES) {
    for (const [width, scheme] of WIDTHS.flatMap((w) => SCHEMES.map((s) => [w, s]))) {
      const height = width < 600 ? 844 : 900;
      const ctx = await browser.newContext({ viewport: { width, height }, colorScheme: scheme });
      await ctx.addInitScript(
        ([l, t, s]) => {
          localStorage.setItem('useLanguage', l);
          localStorage.setItem('cookieApprove', 'true');
          if (t) localStorage.setItem('authorization', t);
          if (s) localStorage.setItem('opsAuthorization', s);
        },
        [lang, page.signedIn ? token : '', page.staff ? await reg.staffToken(portal.base) : ''],
      );
      const tab = await ctx.newPage();
      const target = typeof page.path === 'function' ? await page.path(portal.base, token) : page.path;
      await tab.goto(`${portal.base}/#${target}`, { waitUntil: 'networkidle' });
      if (page.click) await tab.getByTestId(page.click).click();
      await tab.waitForTimeout(300);
      // A page entry may do something first (open a dialog), then the picture is taken.
      if (page.action) {
        await page.action(tab);
        await tab.waitForTimeout(300);
      }
      // Sections below the fold (the footer, belowTheFold) are drawn only as they near the window
      // (content-visibility: auto), which a full-page shot never scrolls to: drawn for the picture.
      await tab.addStyleTag({ content: '* { content-visibility: visible !important; }' });
      // The console scrolls inside <main>, which a full-page shot does not unroll: grow the window
      // to the page's length so the whole form or list is in the picture.
      // (Not behind a dialog an action opened: the picture is of the dialog.)
      const hidden = page.action
        ? 0
        : await tab.evaluate(() => {
            const main = document.querySelector('main');
            return main ? main.scrollHeight - main.clientHeight : 0;
          });
      if (hidden > 0) {
        await tab.setViewportSize({ width, height: height + hidden });
        await tab.waitForTimeout(200);
      }
      const file = `${lang}-${width}-${scheme === 'dark' ? 'dark-' : ''}${page.name}.png`;
      await tab.screenshot({ path: path.join(out, file), fullPage: true });
      await ctx.close();
      count++;
    }
  }
}
await browser.close();
await portal.stop();
console.log(`${count} screenshots in ${out}`);
