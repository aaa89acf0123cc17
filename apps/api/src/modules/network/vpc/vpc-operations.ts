import { and, eq, isNull } from 'drizzle-orm';
import { LOCAL_ROUTE_TARGET, RouteTargetType, VpcStatus } from '@portal/shared';
import type { NetworkSpec, RouteSpec } from '../../../cloud/driver.js';
import { vnis, vpcRoutes, vpcs, type VpcRow } from '../../../db/schema/index.js';
import type { Operations } from '../../../platform/operations/operations.js';
import { resourceLifecycle } from '../../../platform/resources/lifecycle.js';

/** A VPC's rows through their operations (a late answer cannot undo a newer change). */
export const vpcLifecycle = resourceLifecycle({
  table: vpcs,
  type: 'vpcs',
  kinds: {
    create: 'vpc.create',
    update: 'vpc.update',
    routes: 'vpc.routes',
    delete: 'vpc.delete',
  },
});
const { kinds, settle } = vpcLifecycle;

/** The VPC as the cloud programs it. */
export const networkSpecOf = (
  vpc: Pick<VpcRow, 'id' | 'cidrIpv4' | 'bandwidthLimit' | 'routeLevel' | 'chargeMode'>,
): NetworkSpec => ({
  networkId: vpc.id,
  cidrIpv4: vpc.cidrIpv4,
  bandwidthLimit: vpc.bandwidthLimit,
  routeLevel: vpc.routeLevel,
  chargeMode: vpc.chargeMode,
});

/** The route table as the cloud is programmed with it: the VPC's local route first, then these. */
export const cloudRoutesOf = (cidrIpv4: string, routes: RouteSpec[]): RouteSpec[] => [
  { destination: cidrIpv4, targetType: RouteTargetType.LOCAL, target: LOCAL_ROUTE_TARGET },
  ...routes,
];

interface RoutesInput {
  /** The whole table as the cloud gets it: the local route first. */
  routes: RouteSpec[];
}

/**
 * The VPC's changes through the driver. Each writes the final status only when the cloud has
 * answered: created (1, with the IPv6 range it gave), changed, routes programmed, deleted (the
 * row goes). A refusal leaves what the VPC had, with the cloud's reason in `statusReason`.
 */
export function defineVpcOperations(operations: Operations): void {
  operations.define(kinds.create, {
    submit: (driver, ref, op) => driver.createNetwork(ref, (op.input as { spec: NetworkSpec }).spec),
    async succeeded(tx, op, result) {
      await settle(tx, op, 'create', {
        status: VpcStatus.AVAILABLE,
        cidrIpv6: result.ipv6 ?? '-1',
        statusReason: null,
      });
    },
    // Kept, still processing (0) with the reason: the user sees why and may delete it.
    failed: async (tx, op, error) => void (await settle(tx, op, 'create', { statusReason: error })),
  });

  operations.define(kinds.update, {
    submit: (driver, ref, op) => driver.updateNetwork(ref, (op.input as { spec: NetworkSpec }).spec),
    async succeeded(tx, op) {
      const { spec } = op.input as { spec: NetworkSpec };
      await settle(tx, op, 'update', {
        status: VpcStatus.AVAILABLE,
        statusReason: null,
        bandwidthLimit: spec.bandwidthLimit,
        routeLevel: spec.routeLevel,
        chargeMode: spec.chargeMode,
      });
    },
    failed: async (tx, op, error) =>
      void (await settle(tx, op, 'update', { status: VpcStatus.AVAILABLE, statusReason: error })),
  });

  operations.define(kinds.routes, {
    submit: (driver, ref, op) =>
      driver.setRoutes(ref, op.resourceId, (op.input as unknown as RoutesInput).routes),
    async succeeded(tx, op) {
      const done = await settle(tx, op, 'routes', { status: VpcStatus.AVAILABLE, statusReason: null });
      if (done.length === 0) return;
      // The table is what the cloud now has: the local route stays derived from the range.
      await tx
        .delete(vpcRoutes)
        .where(and(eq(vpcRoutes.vpcId, op.resourceId), eq(vpcRoutes.clientId, op.clientId)));
      const rows = (op.input as unknown as RoutesInput).routes
        .filter((r) => r.targetType !== RouteTargetType.LOCAL)
        .map((r, position) => ({ clientId: op.clientId, vpcId: op.resourceId, ...r, position }));
      if (rows.length > 0) await tx.insert(vpcRoutes).values(rows);
    },
    failed: async (tx, op, error) =>
      void (await settle(tx, op, 'routes', { status: VpcStatus.AVAILABLE, statusReason: error })),
  });

  operations.define(kinds.delete, {
    submit: (driver, ref, op) => driver.deleteNetwork(ref, op.resourceId),
    async succeeded(tx, op) {
      const [row] = await tx
        .select({ id: vpcs.id })
        .from(vpcs)
        .where(vpcLifecycle.awaiting(op, 'delete'))
        .for('update');
      if (!row) return;
      // Interfaces left without a VM, other VPCs' routes to it, its tags: they go with it.
      await tx.delete(vnis).where(and(eq(vnis.vpcId, op.resourceId), isNull(vnis.vmId)));
      await tx
        .delete(vpcRoutes)
        .where(
          and(
            eq(vpcRoutes.clientId, op.clientId),
            eq(vpcRoutes.targetType, RouteTargetType.VPC),
            eq(vpcRoutes.target, op.resourceId),
          ),
        );
      await vpcLifecycle.remove(tx, op, 'delete');
    },
    // Back to what it was (available, or processing when its creation had failed), with the reason.
    failed: async (tx, op, error) =>
      void (await settle(tx, op, 'delete', {
        status: (op.input as { from?: VpcStatus }).from ?? VpcStatus.AVAILABLE,
        statusReason: error,
      })),
  });
}
