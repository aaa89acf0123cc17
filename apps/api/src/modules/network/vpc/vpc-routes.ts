import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  canEditVpcRoutes,
  DEFAULT_ROUTE_TARGET,
  LOCAL_ROUTE_TARGET,
  routeTableProblems,
  routeTableRefusal,
  RouteTargetType,
  uuidParamsSchema,
  vpcMapSchema,
  vpcRoutesPutSchema,
  vpcRouteTableSchema,
  VpcStatus,
  type VpcMap,
  type VpcRoute,
  type VpcRouteTable,
  type VpcRoutesPut,
} from '@portal/shared';
import type { RouteSpec } from '../../../cloud/driver.js';
import {
  firewalls,
  loadBalancers,
  loadBalancerTargets,
  operations as operationRows,
  vmFirewalls,
  vms,
  vnis,
  vpcRoutes,
  vpcs,
} from '../../../db/schema/index.js';
import { allowed, AppError, notFound } from '../../../platform/errors.js';
import { isUuid } from '../../../platform/ids.js';
import type { Operations } from '../../../platform/operations/operations.js';
import { replies } from '../../../platform/responses.js';
import { resourceContext, type ResourceContext } from '../../../platform/resources/context.js';
import { peerVpcIds, vpcRows } from './vpc-resource.js';
import { cloudRoutesOf, vpcLifecycle } from './vpc-operations.js';

const idOf = (params: { uuid: string }) => {
  if (!isUuid(params.uuid)) throw notFound('VPC_NOT_FOUND');
  return params.uuid.toLowerCase();
};

const localRoute = (cidrIpv4: string): VpcRoute => ({
  destination: cidrIpv4,
  targetType: RouteTargetType.LOCAL,
  target: LOCAL_ROUTE_TARGET,
  targetName: null,
});

/** Routes as sent: a VPC target's name read with them (one query for the names). */
async function named(ctx: ResourceContext, routes: RouteSpec[]): Promise<VpcRoute[]> {
  const peers = routes
    .filter((r) => r.targetType === RouteTargetType.VPC && isUuid(r.target))
    .map((r) => r.target);
  const names = new Map(
    peers.length === 0
      ? []
      : (
          await ctx.db
            .select({ id: vpcs.id, name: vpcs.name })
            .from(vpcs)
            .where(ctx.own(vpcs, inArray(vpcs.id, peers)))
        ).map((r) => [r.id, r.name]),
  );
  return routes.map((r) => ({
    destination: r.destination,
    targetType: r.targetType as VpcRoute['targetType'],
    target: r.target,
    targetName: r.targetType === RouteTargetType.VPC ? (names.get(r.target) ?? null) : null,
  }));
}

/** The stored table (the cloud's), the local route first. */
async function storedRoutes(ctx: ResourceContext, id: string, cidrIpv4: string): Promise<VpcRoute[]> {
  const rows = await ctx.db
    .select({
      destination: vpcRoutes.destination,
      targetType: vpcRoutes.targetType,
      target: vpcRoutes.target,
    })
    .from(vpcRoutes)
    .where(ctx.own(vpcRoutes, eq(vpcRoutes.vpcId, id)))
    .orderBy(asc(vpcRoutes.position));
  return [localRoute(cidrIpv4), ...(await named(ctx, rows))];
}

async function routeTable(ctx: ResourceContext, id: string): Promise<VpcRouteTable> {
  const vpc = await vpcRows.one(ctx, id);
  let pendingRoutes: VpcRoute[] | null = null;
  if (vpc.pendingOperation === 'routes') {
    const [op] = await ctx.db
      .select({ input: operationRows.input })
      .from(operationRows)
      .where(
        and(
          eq(operationRows.clientId, ctx.clientId),
          eq(operationRows.resourceId, id),
          eq(operationRows.kind, vpcLifecycle.kinds.routes),
          inArray(operationRows.state, ['queued', 'running']),
        ),
      )
      .limit(1);
    if (op) pendingRoutes = await named(ctx, (op.input as { routes: RouteSpec[] }).routes);
  }
  return {
    netUuid: vpc.netUuid,
    netName: vpc.netName,
    cidrIpv4: vpc.cidrIpv4,
    status: vpc.status,
    pendingOperation: vpc.pendingOperation,
    statusReason: vpc.statusReason,
    routes: await storedRoutes(ctx, id, vpc.cidrIpv4),
    pendingRoutes,
  };
}

/**
 * Replace the table, in order. The local route is kept first whatever is sent; the rules are
 * the shared ones (routeTableProblems), answered field by field with the spec's codes. The table
 * changes when the cloud has programmed it; the VPC is processing meanwhile.
 */
async function putRoutes(ctx: ResourceContext, id: string, body: VpcRoutesPut): Promise<VpcRouteTable> {
  const row = await vpcRows.forUpdate(ctx, id);
  allowed(canEditVpcRoutes(row));
  const problems = routeTableProblems(
    body.routes,
    { netUuid: id, cidrIpv4: row.cidrIpv4 },
    await peerVpcIds(ctx, id),
  );
  if (problems.length > 0) {
    throw new AppError(
      400,
      routeTableRefusal(problems),
      {},
      problems.map(({ path, message }) => ({ path, message })),
    );
  }
  const routes = cloudRoutesOf(
    row.cidrIpv4,
    body.routes
      .filter((r) => r.targetType !== RouteTargetType.LOCAL)
      .map((r) => ({
        destination: r.destination.trim(),
        targetType: r.targetType,
        target:
          r.targetType === RouteTargetType.DEFAULT
            ? DEFAULT_ROUTE_TARGET
            : r.targetType === RouteTargetType.VPC
              ? r.target.trim().toLowerCase()
              : r.target.trim(),
      })),
  );
  await vpcLifecycle.begin(ctx, id, 'routes', { status: VpcStatus.PROCESSING }, { routes });
  return routeTable(ctx, id);
}

/**
 * Everything the VPC map draws, in a fixed number of queries whatever the size of the VPC: the
 * VPC, its interfaces with their VMs, the VMs' firewalls, the VPC's firewalls, its load balancers
 * with their targets, its routes.
 */
async function vpcMap(ctx: ResourceContext, id: string): Promise<VpcMap> {
  const vpc = await vpcRows.one(ctx, id);
  const interfaces = await ctx.db
    .select({
      cidrIpv4: vnis.cidrIpv4,
      privateIpv4: vnis.privateIpv4,
      publicIp: vnis.publicIp,
      vmId: vms.id,
      name: vms.name,
      status: vms.status,
    })
    .from(vnis)
    .innerJoin(vms, eq(vms.id, vnis.vmId))
    .where(ctx.own(vnis, eq(vnis.vpcId, id)))
    .orderBy(asc(vnis.cidrIpv4), asc(vnis.privateIpv4));
  const guards = await ctx.db
    .select({ vmId: vmFirewalls.vmId, firewallId: vmFirewalls.firewallId })
    .from(vmFirewalls)
    .innerJoin(vms, eq(vms.id, vmFirewalls.vmId))
    .where(ctx.own(vms, eq(vms.vpcId, id)))
    .orderBy(asc(vmFirewalls.sort));
  const walls = await ctx.db
    .select({ uuid: firewalls.id, name: firewalls.name, status: firewalls.status })
    .from(firewalls)
    .where(ctx.own(firewalls, eq(firewalls.vpcId, id)))
    .orderBy(asc(firewalls.name));
  const balancers = await ctx.db
    .select({
      uuid: loadBalancers.id,
      name: loadBalancers.name,
      protocol: loadBalancers.protocol,
      port: loadBalancers.port,
      status: loadBalancers.status,
    })
    .from(loadBalancers)
    .where(ctx.own(loadBalancers, eq(loadBalancers.vpcId, id)))
    .orderBy(asc(loadBalancers.name));
  const targets = await ctx.db
    .select({ balancerId: loadBalancerTargets.loadBalancerId, vmId: loadBalancerTargets.vmId })
    .from(loadBalancerTargets)
    .innerJoin(loadBalancers, eq(loadBalancers.id, loadBalancerTargets.loadBalancerId))
    .where(ctx.own(loadBalancers, eq(loadBalancers.vpcId, id)));

  const guardsOf = new Map<string, string[]>();
  for (const g of guards) guardsOf.set(g.vmId, [...(guardsOf.get(g.vmId) ?? []), g.firewallId]);
  const subnets = new Map<string, VpcMap['subnets'][number]>();
  for (const i of interfaces) {
    const subnet = subnets.get(i.cidrIpv4) ?? { cidrIpv4: i.cidrIpv4, vms: [] };
    subnet.vms.push({
      uuid: i.vmId,
      name: i.name,
      status: i.status,
      privateIpv4: i.privateIpv4,
      publicIp: i.publicIp,
      firewallUuids: guardsOf.get(i.vmId) ?? [],
    });
    subnets.set(i.cidrIpv4, subnet);
  }
  const targetsOf = new Map<string, string[]>();
  for (const t of targets) targetsOf.set(t.balancerId, [...(targetsOf.get(t.balancerId) ?? []), t.vmId]);
  const routes = await storedRoutes(ctx, id, vpc.cidrIpv4);
  return {
    vpc,
    subnets: [...subnets.values()],
    firewalls: walls,
    balancers: balancers.map((b) => ({ ...b, targetVmUuids: targetsOf.get(b.uuid) ?? [] })),
    routes: routes.filter((r) => r.targetType !== RouteTargetType.LOCAL),
  };
}

/** The route table (GET, PUT as a whole) and the map of a VPC; the rest of a VPC is the kit's. */
export function registerVpcRoutes(app: FastifyInstance, operations: Operations): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/vpcs/:uuid';
  r.get(
    `${base}/routes`,
    {
      config: { authority: 'network/vpc', keep: 'rows' },
      schema: {
        tags: ['vpcs'],
        summary: "A VPC's route table, the local route first (and the table being programmed, if any)",
        params: uuidParamsSchema,
        response: replies(vpcRouteTableSchema),
      },
    },
    async (request) => ({
      data: await routeTable(resourceContext(request, operations), idOf(request.params)),
    }),
  );
  r.put(
    `${base}/routes`,
    {
      config: { authority: 'network/vpc/manage', audit: { action: 'vpc.routes', target: 'vpc' } },
      schema: {
        tags: ['vpcs'],
        summary: "Replace a VPC's route table, in order (the local route stays); programmed by the cloud",
        params: uuidParamsSchema,
        body: vpcRoutesPutSchema,
        response: replies(vpcRouteTableSchema),
      },
    },
    async (request) => ({
      data: await putRoutes(resourceContext(request, operations), idOf(request.params), request.body),
    }),
  );
  r.get(
    `${base}/map`,
    {
      config: { authority: 'network/vpc', keep: 'rows' },
      schema: {
        tags: ['vpcs'],
        summary: 'What the VPC map draws: subnets, VMs, firewalls, load balancers, routes',
        params: uuidParamsSchema,
        response: replies(vpcMapSchema),
      },
    },
    async (request) => ({ data: await vpcMap(resourceContext(request, operations), idOf(request.params)) }),
  );
}
