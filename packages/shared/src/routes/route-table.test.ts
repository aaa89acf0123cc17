import { describe, expect, it } from 'vitest';
import { AUTHORITY_LEAVES } from '../authority/authority.js';
import { LOG_CODE_MAX, LOG_CODE_MIN } from '../constants.js';
import { MENU_DEFINITION } from './menu.js';
import { getRoute, menuLinkOf, NO_MATCH_ROUTE, routePath, ROUTES, type RouteId } from './route-table.js';

/** `prefix` is a whole-segment prefix of `path` ("compute" of "compute/vm", not "comp"). */
const isPathPrefix = (prefix: string, path: string) => path === prefix || path.startsWith(`${prefix}/`);

describe('ROUTES', () => {
  it('every id is unique', () => {
    const ids = ROUTES.map((r) => r.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('every path is unique', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });

  it('the default path is "/" + id', () => {
    expect(getRoute('login').path).toBe('/login');
    expect(getRoute('vmSetting').path).toBe('/vmSetting');
    expect(getRoute('registerQueryDone').path).toBe('/registerQueryDone');
    // Routes with a path of their own keep it.
    expect(getRoute('home').path).toBe('/');
    expect(getRoute('orderCreate').path).toBe('/order/create');
    expect(getRoute('alarmEdit').path).toBe('/alarm/edit/:id');
    // Every parameterless path other than those is "/" + id.
    const explicit = new Set([
      'home',
      'orderCreate',
      'alarmCreate',
      'opsLogin',
      'opsApplications',
      'opsAudit',
      'opsTickets',
      'opsAnnouncements',
      'opsClients',
    ]);
    for (const r of ROUTES.filter((r) => !r.path.includes(':') && !explicit.has(r.id))) {
      expect(r.path, r.id).toBe(`/${r.id}`);
    }
  });

  it('log codes stay within 10001-10025', () => {
    expect(LOG_CODE_MIN).toBe(10001);
    expect(LOG_CODE_MAX).toBe(10025);
    for (const r of ROUTES.filter((r) => r.logCode !== undefined)) {
      expect(r.logCode, r.id).toBeGreaterThanOrEqual(10001);
      expect(r.logCode, r.id).toBeLessThanOrEqual(10025);
    }
  });

  it('carries the log codes of spec section 2', () => {
    const codes: Record<string, number | undefined> = {
      home: undefined,
      login: 10001,
      resetPassword: 10002,
      registerQueryResult: 10003,
      setPasswordDone: 10004,
      myInfo: 10005,
      createTicket: 10007,
      orderManage: undefined,
      orderHistory: 10016,
      editIAM: 10008,
      dashboard: 10009,
      createVM: 10010,
      createDisk: 10011,
      editSnapshotRule: 10012,
      vni: 10013,
      createFirewallInVpc: 10014,
      editBalancer: 10015,
      purchaseCCIS: 10017,
      bucket: 10018,
      vpcNets: 10019,
      editNetRoute: 10019,
      createCCX: 10020,
      singleVMDetail: 10021,
      totalUsage: 10021,
      alarmEdit: 10022,
      createExCloud: 10023,
      usageReport: 10025,
      valuation: undefined,
      webMap: undefined,
    };
    for (const [id, code] of Object.entries(codes)) expect(getRoute(id as RouteId).logCode, id).toBe(code);
  });

  it('portal routes carry no authority; console routes need a leaf or a prefix of one', () => {
    for (const r of ROUTES.filter((r) => r.layout === 'portal')) expect(r.authority, r.id).toBeUndefined();
    for (const r of ROUTES.filter((r) => r.layout === 'console' && r.authority !== undefined)) {
      const authority = r.authority as string;
      expect(
        AUTHORITY_LEAVES.some((leaf) => isPathPrefix(authority, leaf)),
        `${r.id}: ${authority}`,
      ).toBe(true);
    }
  });

  it('the operations console has a layout of its own, hidden from the site map, without authority', () => {
    const ops = ROUTES.filter((r) => r.group === 'ops');
    expect(ops.map((r) => r.id)).toEqual([
      'opsLogin',
      'opsApplications',
      'opsApplication',
      'opsAudit',
      'opsTickets',
      'opsTicket',
      'opsAnnouncements',
      'opsClients',
    ]);
    for (const r of ops) {
      expect(r.layout, r.id).toBe('ops');
      expect(r.hiddenFromMap, r.id).toBe(true);
      expect(r.authority, r.id).toBeUndefined();
      expect(r.path.startsWith('/ops/'), r.id).toBe(true);
    }
    expect(ROUTES.filter((r) => r.layout === 'ops')).toEqual(ops);
  });

  it('the prefix check is by whole segment', () => {
    expect(isPathPrefix('compute', 'compute/vm')).toBe(true);
    expect(isPathPrefix('compute/vm', 'compute/vm')).toBe(true);
    expect(isPathPrefix('comp', 'compute/vm')).toBe(false);
  });

  it('only the fraud-prevention page is limited to a language', () => {
    expect(ROUTES.filter((r) => r.languages).map((r) => [r.id, r.languages])).toEqual([
      ['fraudPrevent', ['zh-TW']],
    ]);
  });
});

describe('getRoute', () => {
  it('finds a route by id', () => {
    expect(getRoute('firewall')).toMatchObject({
      id: 'firewall',
      path: '/firewall',
      layout: 'console',
      group: 'firewall',
      logCode: 10014,
      authority: 'network/firewall',
    });
  });
  it("throws exactly 'Found no match route setting!' for an unknown id", () => {
    expect(NO_MATCH_ROUTE).toBe('Found no match route setting!');
    expect(() => getRoute('nope' as RouteId)).toThrowError(new Error('Found no match route setting!'));
    expect(() => getRoute('' as RouteId)).toThrow('Found no match route setting!');
  });
});

describe('routePath', () => {
  it('fills parameters', () => {
    expect(routePath('editIAM', { id: 42 })).toBe('/editIAM/42');
    expect(routePath('product', { id: 'vm', view: 'overview' })).toBe('/product/vm/overview');
    expect(routePath('singleVMDetail', { vmId: 'a b/c' })).toBe('/singleVM/a%20b%2Fc');
    expect(routePath('createFirewallInVpc', { vpcId: 'v1' })).toBe('/createFirewall/v1');
  });
  it('leaves parameterless paths alone', () => {
    expect(routePath('dashboard')).toBe('/dashboard');
    expect(routePath('home', { unused: 1 })).toBe('/');
  });
  it('throws on a missing parameter and on an unknown route', () => {
    expect(() => routePath('editIAM')).toThrow('Missing route parameter "id" for route "editIAM"');
    expect(() => routePath('nope' as RouteId)).toThrow('Found no match route setting!');
  });
});

describe('menuLinkOf', () => {
  const menuLinks = new Set(MENU_DEFINITION.map((m) => m.entry.link).filter(Boolean));

  it('gives a menu route its own link and a create or edit page the link of its list', () => {
    expect(menuLinkOf(getRoute('iam'))).toBe('/iam');
    expect(menuLinkOf(getRoute('editIAM'))).toBe('/iam');
    expect(menuLinkOf(getRoute('createSnapshotRule'))).toBe('/snapshotRule');
    expect(menuLinkOf(getRoute('createSnapshot'))).toBe('/snapshot');
  });

  it('names, for every console page, a sidebar entry guarded by the same authority', () => {
    for (const route of ROUTES.filter((r) => r.layout === 'console' && r.id !== 'doing')) {
      const link = menuLinkOf(route);
      expect(menuLinks.has(link), `${route.id} -> ${link}`).toBe(true);
      expect(ROUTES.find((r) => r.path === link)?.authority, route.id).toBe(route.authority);
    }
  });
});
