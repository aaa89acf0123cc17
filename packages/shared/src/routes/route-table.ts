import type { AuthorityPath } from '../authority/authority.js';
/**
 * The route table of spec section 2. The web router, the console menu, the site map and the
 * server's authority checks are all built from this one list, so they cannot drift apart.
 */
/**
 * `portal`: the public site's frame; `console`: the customer console (sign-in, sidebar);
 * `ops`: the provider's operations console (its own top bar and staff session, no customer menus).
 */
export type Layout = 'portal' | 'console' | 'ops';

/** A route's settings but its id and menu parent (typed once the table is known). */
interface RouteFields {
  path: string;
  layout: Layout;
  /** Page group: routes of one flow share a group (and a log code). */
  group: string;
  /** API log code sent as X-LOG-CODE on calls made from this route. */
  logCode?: number;
  /**
   * Authority path the page needs (spec section 6). `undefined` on a console route means any
   * signed-in user; portal routes are public and never carry one.
   */
  authority?: AuthorityPath;
  /** Hidden from the site map (flow steps reached only from a link or a form). */
  hiddenFromMap?: boolean;
  /** Only shown in these languages (the fraud-prevention page is zh-TW only). */
  languages?: readonly string[];
}

export interface RouteSetting extends RouteFields {
  /** Unique id; the default path is "/" + id. */
  id: RouteId;
  /**
   * The route id whose sidebar entry stands for this page (a create or edit page lights the entry
   * of its list and opens that entry's group).
   */
  menuParent?: RouteId;
}

type Def = Omit<RouteFields, 'path' | 'layout' | 'group'> & {
  id: string;
  path?: string;
  group?: string;
  menuParent?: string;
};
type Settings<D extends readonly Def[]> = (RouteFields & { id: D[number]['id']; menuParent?: string })[];

function portal<const D extends readonly Def[]>(
  group: string,
  logCode: number | undefined,
  defs: D,
): Settings<D> {
  return defs.map((d) => ({
    layout: 'portal',
    group,
    logCode,
    ...d,
    path: d.path ?? `/${d.id}`,
  })) as Settings<D>;
}

function ops<const D extends readonly Def[]>(defs: D): Settings<D> {
  return defs.map((d) => ({
    layout: 'ops',
    group: 'ops',
    hiddenFromMap: true,
    ...d,
    path: d.path ?? `/${d.id}`,
  })) as Settings<D>;
}

function console_<const D extends readonly Def[]>(
  group: string,
  logCode: number | undefined,
  authority: AuthorityPath | undefined,
  defs: D,
): Settings<D> {
  return defs.map((d) => ({
    layout: 'console',
    group,
    logCode,
    authority,
    ...d,
    path: d.path ?? `/${d.id}`,
  })) as Settings<D>;
}

const TABLE = [
  ...portal('home', undefined, [{ id: 'home', path: '/' }]),
  ...portal('login', 10001, [{ id: 'login' }]),
  ...portal('forgetPassword', 10002, [
    { id: 'forgetPassword' },
    { id: 'forgetPasswordDone', hiddenFromMap: true },
    { id: 'resetPassword', path: '/resetPassword/:guid', hiddenFromMap: true },
    { id: 'resetPasswordDone', hiddenFromMap: true },
  ]),
  ...portal('register', 10003, [
    { id: 'register' },
    { id: 'registerDone', hiddenFromMap: true },
    { id: 'registerInfoInput', path: '/registerInfoInput/:guid', hiddenFromMap: true },
    { id: 'registerInfoDone', hiddenFromMap: true },
    { id: 'registerQuery' },
    { id: 'registerQueryDone', hiddenFromMap: true },
    { id: 'registerQueryResult', path: '/registerQueryResult/:guid', hiddenFromMap: true },
  ]),
  ...portal('setPassword', 10004, [
    { id: 'setPassword', path: '/setPassword/:guid', hiddenFromMap: true },
    { id: 'setPasswordDone', hiddenFromMap: true },
  ]),
  // The provider's operations console (ours, not in the spec): staff review registrations. It has
  // its own sign-in and session (/api/ops) and its own layout, outside the customer console.
  ...ops([
    { id: 'opsLogin', path: '/ops/login' },
    { id: 'opsApplications', path: '/ops/applications' },
    { id: 'opsApplication', path: '/ops/applications/:id' },
    { id: 'opsAudit', path: '/ops/audit' },
    // Support tickets of every customer: the queue and one ticket's conversation (issue 14).
    { id: 'opsTickets', path: '/ops/tickets' },
    { id: 'opsTicket', path: '/ops/tickets/:id' },
    { id: 'opsAnnouncements', path: '/ops/announcements' },
    // The customers: staff suspend a customer's service and lift it (spec section 9).
    { id: 'opsClients', path: '/ops/clients' },
  ]),
  ...portal('info', undefined, [
    { id: 'webMap' },
    { id: 'product', path: '/product/:id/:view', hiddenFromMap: true },
    { id: 'lastestNews' },
    { id: 'news', path: '/news/:id', hiddenFromMap: true },
    { id: 'privacyRightDeclare' },
    { id: 'personalProfileProtect' },
    { id: 'cookiePolicy' },
    { id: 'fraudPrevent', languages: ['zh-TW'] },
    { id: 'copyrightDeclare' },
    { id: 'cloudDeclare' },
  ]),

  ...console_('myInfo', 10005, 'myAccount/myInfo', [{ id: 'myInfo' }]),
  // Ours (issue 27): every signed-in user's own API keys, under the account.
  ...console_('apiKeys', undefined, undefined, [{ id: 'apiKeys' }]),
  ...console_('ticket', 10007, 'myAccount/myTicket', [
    { id: 'myTicket' },
    { id: 'createTicket', menuParent: 'myTicket' },
    // Ours: a ticket's page with its conversation.
    { id: 'ticketDetail', path: '/myTicket/:id', menuParent: 'myTicket', hiddenFromMap: true },
  ]),
  ...console_('order', undefined, 'myAccount/orderManage', [
    { id: 'orderManage' },
    { id: 'orderCreate', path: '/order/create', menuParent: 'orderManage' },
  ]),
  ...console_('orderHistory', 10016, 'myAccount/orderHistory', [{ id: 'orderHistory' }]),
  ...console_('iam', 10008, 'iam/user', [
    { id: 'iam' },
    { id: 'createIAM', menuParent: 'iam' },
    { id: 'editIAM', path: '/editIAM/:id', menuParent: 'iam' },
  ]),
  // The audit log is ours (not in the spec's table): it takes the one free log code, 10024.
  ...console_('audit', 10024, 'iam/audit', [{ id: 'auditLog' }]),
  ...console_('dashboard', 10009, 'dashboard', [{ id: 'dashboard' }]),
  ...console_('vm', 10010, 'compute/vm', [
    { id: 'vmSetting' },
    { id: 'createVM', menuParent: 'vmSetting' },
    { id: 'vmDetail', path: '/vmSetting/:uuid', menuParent: 'vmSetting', hiddenFromMap: true },
  ]),
  ...console_('disk', 10011, 'compute/disk', [
    { id: 'diskList' },
    { id: 'createDisk', menuParent: 'diskList' },
  ]),
  ...console_('snapshot', 10012, 'compute/snapshot', [
    { id: 'snapshot' },
    { id: 'createSnapshot', menuParent: 'snapshot' },
    { id: 'createSnapshotToNewVM', menuParent: 'snapshot' },
    { id: 'snapshotRule' },
    { id: 'createSnapshotRule', menuParent: 'snapshotRule' },
    { id: 'editSnapshotRule', path: '/editSnapshotRule/:id', menuParent: 'snapshotRule' },
  ]),
  ...console_('vni', 10013, 'network/vni', [{ id: 'vni' }]),
  ...console_('firewall', 10014, 'network/firewall', [
    { id: 'firewall' },
    { id: 'createFirewall', menuParent: 'firewall' },
    { id: 'createFirewallInVpc', path: '/createFirewall/:vpcId', menuParent: 'firewall' },
    { id: 'editFirewall', path: '/editFirewall/:id', menuParent: 'firewall' },
  ]),
  ...console_('balancer', 10015, 'network/balancer', [
    { id: 'balancer' },
    { id: 'createBalancer', menuParent: 'balancer' },
    { id: 'editBalancer', path: '/editBalancer/:id', menuParent: 'balancer' },
  ]),
  ...console_('ccis', 10017, 'storage/ccis', [{ id: 'purchaseCCIS' }]),
  ...console_('bucket', 10018, 'storage/bucket', [
    { id: 'bucket' },
    // Ours: a bucket's page (its objects, lifecycle, permission, usage and keys), by its name.
    { id: 'bucketDetail', path: '/bucket/:name', menuParent: 'bucket', hiddenFromMap: true },
  ]),
  ...console_('usageReport', 10025, 'monitor/usageReport', [{ id: 'usageReport' }]),
  ...console_('vpc', 10019, 'network/vpc', [
    { id: 'vpcNets' },
    { id: 'createVPCNets', menuParent: 'vpcNets' },
    { id: 'editVPCNets', path: '/editVPCNets/:netId', menuParent: 'vpcNets' },
    { id: 'editNetRoute', path: '/editNetRoute/:netId', menuParent: 'vpcNets' },
    // Ours: a VPC's page with its map.
    { id: 'vpcDetail', path: '/vpcNets/:netId', menuParent: 'vpcNets', hiddenFromMap: true },
  ]),
  ...console_('ccx', 10020, 'network/ccx', [{ id: 'ccxList' }, { id: 'createCCX', menuParent: 'ccxList' }]),
  ...console_('alarm', 10022, 'monitor/alarm', [
    { id: 'alarm' },
    { id: 'alarmCreate', path: '/alarm/create', menuParent: 'alarm' },
    { id: 'alarmEdit', path: '/alarm/edit/:id', menuParent: 'alarm' },
  ]),
  ...console_('exCloud', 10023, 'network/exCloud', [
    { id: 'exCloud' },
    { id: 'createExCloud', menuParent: 'exCloud' },
  ]),
  ...console_('usage', 10021, 'monitor/usage', [
    { id: 'singleVM' },
    { id: 'singleVMDetail', path: '/singleVM/:vmId', menuParent: 'singleVM' },
    { id: 'totalUsage' },
  ]),
  ...console_('valuation', undefined, 'billing/valuation', [{ id: 'valuation' }]),
  ...console_('doing', undefined, undefined, [{ id: 'doing' }]),
];

/** Every route id of the table: a misspelt id fails the type check. */
export type RouteId = (typeof TABLE)[number]['id'];

export const ROUTES: readonly RouteSetting[] = TABLE as readonly RouteSetting[];

const BY_ID = new Map<string, RouteSetting>(ROUTES.map((r) => [r.id, r]));

export const NO_MATCH_ROUTE = 'Found no match route setting!';

/** The setting of a route id; an unknown id throws (spec section 8). */
export function getRoute(id: RouteId): RouteSetting {
  const route = BY_ID.get(id);
  if (!route) throw new Error(NO_MATCH_ROUTE);
  return route;
}

/** The sidebar link that stands for a route: its own path, or its menu parent's. */
export function menuLinkOf(route: RouteSetting): string {
  return route.menuParent ? getRoute(route.menuParent).path : route.path;
}

/** The hash path of a route id with its parameters filled in. */
export function routePath(id: RouteId, params: Record<string, string | number> = {}): string {
  return getRoute(id).path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing route parameter "${name}" for route "${id}"`);
    return encodeURIComponent(String(value));
  });
}
