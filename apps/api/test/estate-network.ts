import { eq } from 'drizzle-orm';
import {
  canAttachFirewall,
  canDeleteBalancer,
  canDeleteCluster,
  canDeleteExchange,
  canDeleteFirewall,
  canDeleteVpc,
  canDetachFirewall,
  canEditBalancer,
  canEditFirewall,
  canEditVpc,
  canEditVpcRoutes,
  canOrderExchange,
  canScaleCluster,
  ccxEngine,
  CloudExchangeStatus,
  CcxClusterStatus,
  FirewallStatus,
  FwrDirection,
  FwrIpVer,
  FwrOperate,
  FwrType,
  LbStatus,
  LOCAL_ROUTE_TARGET,
  RouteTargetType,
  type Balancer,
  type CcxCluster,
  type CloudExchange,
  type Firewall,
  type FirewallRule,
  type PublicCloudCredential,
  type Vm,
  type Vpc,
  type VpcRouteTable,
} from '@portal/shared';
import { simNetworkObjects, vmFirewalls } from '../src/db/schema/index.js';
import type { TestApp } from './build.js';
import {
  declared,
  deletion,
  differs,
  portalOnly,
  renamed,
  renaming,
  when,
  type Kind,
  type TenantApi,
} from './estate-walk.js';

type RouteLike = { destination: string; targetType: number; target: string };
const routeRows = (routes: RouteLike[]) => routes.map((r) => [r.destination, r.targetType, r.target]);

/** The kinds of the network estate: VPCs, firewalls, balancers, clusters, exchanges, credentials. */
export function networkKinds(t: TestApp, api: TenantApi, clientId: string) {
  const vms = () => api.records<Vm>('/api/vms?limit=0');
  /** The cloud's object of that id, while it stands. */
  const object = async (id: string) => {
    const [row] = await t.db.select().from(simNetworkObjects).where(eq(simNetworkObjects.id, id));
    return row && !row.deletedAt ? row : undefined;
  };
  const goneFromCloud = async (id: string) => ((await object(id)) ? ['the cloud still has it'] : []);
  /** The cloud's object of a row, or the one problem that it has none (of that kind). */
  const held = async (id: string, kind: string) => {
    const found = await object(id);
    return found?.kind === kind ? found : undefined;
  };
  /** The cloud keeps whose each object is: the tenant that asked for it. */
  const owner = (spec: Record<string, unknown>) => differs('owner', clientId, spec.clientId);
  const routesOf = async (id: string) => (await api.read<VpcRouteTable>(`/api/vpcs/${id}/routes`))!;
  const rulesOf = async (id: string) => (await api.read<FirewallRule[]>(`/api/firewalls/${id}/rules`))!;

  const vpc: Kind<Vpc> = {
    ...declared<Vpc>(api, 'vpcs', (v) => v.netUuid),
    state: (v) => String(v.status),
    failed: (v) => v.statusReason !== null,
    async cloud(v) {
      const network = await held(v.netUuid, 'vpc');
      if (!network) return ['the cloud has no such network'];
      const spec = network.spec as Record<string, unknown> & { routes?: RouteLike[] };
      // A network the cloud made has its local route until a table is set.
      const cloudRoutes = spec.routes ?? [
        { destination: v.cidrIpv4, targetType: RouteTargetType.LOCAL, target: LOCAL_ROUTE_TARGET },
      ];
      return [
        ...owner(spec),
        ...differs(
          'settings',
          [v.cidrIpv4, v.bandwidthLimit, v.routeLevel, v.chargeMode],
          [spec.cidrIpv4, spec.bandwidthLimit, spec.routeLevel, spec.chargeMode],
        ),
        ...differs('routes', routeRows((await routesOf(v.netUuid)).routes), routeRows(cloudRoutes)),
      ];
    },
    gone: goneFromCloud,
    steps: [
      renaming('PATCH /api/vpcs/:uuid', (v) => `/api/vpcs/${v.netUuid}`, 'netName', canEditVpc),
      {
        route: 'PATCH /api/vpcs/:uuid',
        what: 'another bandwidth limit',
        cloud: true,
        plan: (v) =>
          when(canEditVpc(v), () => ({
            method: 'PATCH',
            url: `/api/vpcs/${v.netUuid}`,
            body: { bandwidthLimit: v.bandwidthLimit === 200 ? 100 : 200 },
          })),
        effect: (v, after) =>
          after?.bandwidthLimit === v.bandwidthLimit ? ['the limit did not change'] : [],
      },
      {
        route: 'PUT /api/vpcs/:uuid/routes',
        what: 'its routes and one more',
        cloud: true,
        async plan(v) {
          const table = await routesOf(v.netUuid);
          const kept = table.routes
            .filter((r) => r.targetType !== RouteTargetType.LOCAL)
            .map(({ destination, targetType, target }) => ({ destination, targetType, target }));
          const next = v.cidrIpv4.replace(/\.\d+\.\d+\/\d+$/, '.255.254');
          return when(canEditVpcRoutes(v), () => ({
            method: 'PUT',
            url: `/api/vpcs/${v.netUuid}/routes`,
            body: {
              routes: [
                ...kept,
                { destination: '192.0.2.0/24', targetType: RouteTargetType.MANUAL, target: next },
              ],
            },
          }));
        },
        async effect(v) {
          const after = await routesOf(v.netUuid);
          return after.routes.some((r) => r.destination === '192.0.2.0/24') ? [] : ['the route is not there'];
        },
      },
    ],
    remove: deletion('DELETE /api/vpcs/:uuid', (v) => `/api/vpcs/${v.netUuid}`, {
      rule: canDeleteVpc,
      cloud: true,
    }),
  };

  const extraRule = {
    fwrDirection: FwrDirection.INBOUND,
    fwrIpVer: FwrIpVer.IPV4,
    fwrType: FwrType.TCP,
    fwrPort: '8443',
    cidrDest: '10.0.0.0/8',
    fwrOperate: FwrOperate.ALLOW,
    remark: 'added by the walk',
  };
  const asInput = ({ fwRuleUuid: _, ...rule }: FirewallRule) => rule;
  const firewall: Kind<Firewall> = {
    ...declared<Firewall>(api, 'firewalls', (f) => f.firewallUuid),
    state: (f) => String(f.status),
    failed: (f) => f.status === FirewallStatus.ERROR || f.statusReason !== null,
    async cloud(f) {
      const wall = await held(f.firewallUuid, 'firewall');
      if (!wall) return ['the cloud has no such firewall'];
      const spec = wall.spec as { networkId?: string; rules?: Record<string, unknown>[] };
      const rules = (await rulesOf(f.firewallUuid)).map((r) => [
        r.fwrDirection,
        r.fwrIpVer,
        r.fwrType,
        r.fwrPort,
        r.cidrDest,
        r.fwrOperate,
      ]);
      const guarded = (
        await t.db
          .select({ id: vmFirewalls.vmId })
          .from(vmFirewalls)
          .where(eq(vmFirewalls.firewallId, f.firewallUuid))
      ).map((g) => g.id);
      return [
        ...owner(spec),
        ...differs('network', f.vpcUuid, spec.networkId),
        ...differs(
          'rules',
          rules,
          (spec.rules ?? []).map((r) => [r.direction, r.ipVersion, r.protocol, r.port, r.cidr, r.operate]),
        ),
        ...differs('servers', guarded.sort(), [...wall.serverIds].sort()),
      ];
    },
    gone: goneFromCloud,
    steps: [
      renaming(
        'PATCH /api/firewalls/:uuid',
        (f) => `/api/firewalls/${f.firewallUuid}`,
        'name',
        canEditFirewall,
      ),
      {
        route: 'PATCH /api/firewalls/:uuid',
        what: 'its rules and one more',
        cloud: true,
        async plan(f) {
          const rules = (await rulesOf(f.firewallUuid)).map(asInput);
          return when(canEditFirewall(f), () => ({
            method: 'PATCH',
            url: `/api/firewalls/${f.firewallUuid}`,
            body: { rules: [...rules, extraRule] },
          }));
        },
        effect: (f, after) => differs('rule count', f.ruleCount + 1, after?.ruleCount),
      },
      {
        route: 'POST /api/firewalls/:uuid/attach',
        what: 'put a VM of its VPC in it',
        cloud: true,
        async plan(f) {
          const candidates = (await vms()).filter((v) => !v.firewallUuids.includes(f.firewallUuid));
          const rule = (v: Vm) => canAttachFirewall(f, v);
          const chosen = candidates.find((v) => rule(v) === true);
          if (!chosen) return { skip: candidates.map(rule).find((r) => r !== true) ?? 'every VM is in it' };
          return {
            method: 'POST',
            url: `/api/firewalls/${f.firewallUuid}/attach`,
            body: { vmUuid: chosen.uuid },
          };
        },
        effect: (f, after) => differs('VMs', f.vmCount + 1, after?.vmCount),
      },
      {
        route: 'POST /api/firewalls/:uuid/detach',
        what: 'take a VM out of it',
        cloud: true,
        async plan(f) {
          const members = (await vms()).filter((v) => v.firewallUuids.includes(f.firewallUuid));
          const rule = (v: Vm) => canDetachFirewall(f, v);
          const chosen = members.find((v) => rule(v) === true);
          if (!chosen) return { skip: members.map(rule).find((r) => r !== true) ?? 'no VM is in it' };
          return {
            method: 'POST',
            url: `/api/firewalls/${f.firewallUuid}/detach`,
            body: { vmUuid: chosen.uuid },
          };
        },
        effect: (f, after) => differs('VMs', f.vmCount - 1, after?.vmCount),
      },
    ],
    remove: deletion('DELETE /api/firewalls/:uuid', (f) => `/api/firewalls/${f.firewallUuid}`, {
      rule: canDeleteFirewall,
      cloud: true,
      password: false,
    }),
  };

  const balancer: Kind<Balancer> = {
    ...declared<Balancer>(api, 'balancers', (b) => b.uuid),
    state: (b) => String(b.status),
    failed: (b) => b.status === LbStatus.ERROR || b.statusReason !== null,
    async cloud(b) {
      const lb = await held(b.uuid, 'loadBalancer');
      if (!lb) return ['the cloud has no such load balancer'];
      const s = lb.spec;
      return owner(s).concat(
        differs(
          'listener',
          [b.vpcUuid, b.lbProtocol, b.lbPort, b.lbUrl, b.lbHealthCheck, b.lbXforwardedfor, b.address],
          [s.networkId, s.protocol, s.port, s.url, s.healthCheck, s.xForwardedFor, s.address],
        ),
        differs('servers', [...b.vmUuids].sort(), s.serverIds),
      );
    },
    gone: goneFromCloud,
    steps: [
      {
        route: 'PATCH /api/balancers/:uuid',
        what: 'another port and one more VM',
        cloud: true,
        async plan(b) {
          const more = (await vms()).find((v) => v.vpcUuid === b.vpcUuid && !b.vmUuids.includes(v.uuid));
          return when(canEditBalancer(b), () => ({
            method: 'PATCH',
            url: `/api/balancers/${b.uuid}`,
            body: {
              lbName: renamed(b.lbName),
              lbPort: b.lbPort + 1,
              vmUuids: [...b.vmUuids, ...(more ? [more.uuid] : [])],
            },
          }));
        },
        effect: (b, after) => differs('port', b.lbPort + 1, after?.lbPort),
      },
    ],
    remove: deletion('DELETE /api/balancers/:uuid', (b) => `/api/balancers/${b.uuid}`, {
      rule: canDeleteBalancer,
      cloud: true,
    }),
  };

  const cluster: Kind<CcxCluster> = {
    ...declared<CcxCluster>(api, 'ccx-clusters', (c) => c.uuid),
    state: (c) => String(c.status),
    failed: (c) => c.status === CcxClusterStatus.ERROR || c.statusReason !== null,
    async cloud(c) {
      const made = await held(c.uuid, 'cluster');
      if (!made) return ['the cloud has no such cluster'];
      const s = made.spec;
      return owner(s).concat(
        differs(
          'cluster',
          [c.vpcUuid, c.engine, c.version, c.nodeCount, c.nodeSize],
          [s.networkId, s.engine, s.version, s.nodeCount, s.nodeSize],
        ),
      );
    },
    gone: goneFromCloud,
    steps: [
      {
        route: 'POST /api/ccx-clusters/:uuid/scale',
        what: 'to another node count',
        cloud: true,
        plan(c) {
          const nodeCount = ccxEngine(c.engine)!.nodeCounts.find((n) => n !== c.nodeCount)!;
          return when(canScaleCluster(c), () => ({
            method: 'POST',
            url: `/api/ccx-clusters/${c.uuid}/scale`,
            body: { nodeCount },
          }));
        },
        effect: (c, after) => (after?.nodeCount === c.nodeCount ? ['the node count did not change'] : []),
      },
    ],
    remove: deletion('DELETE /api/ccx-clusters/:uuid', (c) => `/api/ccx-clusters/${c.uuid}`, {
      rule: canDeleteCluster,
      cloud: true,
    }),
  };

  const exchange: Kind<CloudExchange> = {
    ...declared<CloudExchange>(api, 'exchanges', (x) => x.uuid),
    state: (x) => String(x.status),
    // Refused by the other side: available again, with the reason.
    failed: (x) => x.statusReason !== null,
    async cloud(x) {
      const port = await held(x.uuid, 'exchange');
      if (x.status !== CloudExchangeStatus.DONE) return port ? ['the cloud has a port it never made'] : [];
      if (!port) return ['the cloud has no such connection'];
      return owner(port.spec).concat(
        differs(
          'connection',
          [x.vpcUuid, x.ccxType, x.pairKey],
          [port.spec.networkId, port.spec.provider, port.spec.pairKey],
        ),
      );
    },
    gone: goneFromCloud,
    steps: [
      {
        route: 'POST /api/exchanges/:uuid/order',
        what: 'order again',
        cloud: true,
        plan: (x) =>
          when(canOrderExchange(x), () => ({ method: 'POST', url: `/api/exchanges/${x.uuid}/order` })),
        effect: (_, after) => differs('status', CloudExchangeStatus.DONE, after?.status),
      },
    ],
    remove: deletion('DELETE /api/exchanges/:uuid', (x) => `/api/exchanges/${x.uuid}`, {
      rule: canDeleteExchange,
      cloud: true,
    }),
  };

  const credential: Kind<PublicCloudCredential> = {
    ...declared<PublicCloudCredential>(api, 'public-cloud-credentials', (c) => c.uuid),
    // A key to the customer's account at another cloud: nothing of ours holds it.
    ...portalOnly,
    steps: [],
    remove: deletion(
      'DELETE /api/public-cloud-credentials/:uuid',
      (c) => `/api/public-cloud-credentials/${c.uuid}`,
      { cloud: false },
    ),
  };

  return { vpc, firewall, balancer, cluster, exchange, credential };
}
