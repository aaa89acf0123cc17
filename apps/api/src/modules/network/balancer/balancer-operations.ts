import { and, eq } from 'drizzle-orm';
import { LbStatus } from '@portal/shared';
import type { LoadBalancerSpec } from '../../../cloud/driver.js';
import type { Db } from '../../../db/database.js';
import { loadBalancers, loadBalancerTargets, type OperationRow } from '../../../db/schema/index.js';
import type { Operations } from '../../../platform/operations/operations.js';
import type { SecretBox } from '../../../platform/secret-box.js';
import { keyContext } from './certificate.js';
import { resourceLifecycle } from '../../../platform/resources/lifecycle.js';

export const balancerLifecycle = resourceLifecycle({
  table: loadBalancers,
  type: 'balancers',
  kinds: {
    create: 'balancer.create',
    update: 'balancer.update',
    delete: 'balancer.delete',
  },
});
const { kinds, settle } = balancerLifecycle;

/**
 * The spec the cloud programs: the balancer as its row stands now (a retry sends the latest),
 * with the private key opened only here, for the driver. The operation's input never holds it.
 */
async function specOf(db: Db, secrets: SecretBox, op: OperationRow): Promise<LoadBalancerSpec> {
  const [row] = await db
    .select()
    .from(loadBalancers)
    .where(and(eq(loadBalancers.id, op.resourceId), eq(loadBalancers.clientId, op.clientId)));
  if (!row) throw new Error(`load balancer ${op.resourceId} is gone`);
  const targets = await db
    .select({ vmId: loadBalancerTargets.vmId })
    .from(loadBalancerTargets)
    .where(eq(loadBalancerTargets.loadBalancerId, row.id));
  const spec: LoadBalancerSpec = {
    loadBalancerId: row.id,
    networkId: row.vpcId,
    type: row.type,
    protocol: row.protocol,
    port: row.port,
    url: row.url,
    healthCheck: row.healthCheck,
    xForwardedFor: row.xForwardedFor,
    serverIds: targets.map((t) => t.vmId).sort(),
  };
  if (row.certificatePem && row.keySealed) {
    spec.certificatePem = row.certificatePem;
    spec.keyPem = secrets.open(row.keySealed, keyContext(row.clientId, row.id));
  }
  return spec;
}

/** What the cloud answered: active at its address, or in error with its reason. */
export function defineBalancerOperations(operations: Operations, db: Db, secrets: SecretBox): void {
  for (const verb of ['create', 'update'] as const) {
    operations.define(kinds[verb], {
      submit: async (driver, ref, op) => driver.applyLoadBalancer(ref, await specOf(db, secrets, op)),
      async succeeded(tx, op, result) {
        await settle(tx, op, verb, {
          status: LbStatus.ACTIVE,
          statusReason: null,
          ...(result.address ? { address: result.address } : {}),
        });
      },
      async failed(tx, op, error) {
        await settle(tx, op, verb, { status: LbStatus.ERROR, statusReason: error });
      },
    });
  }

  operations.define(
    kinds.delete,
    balancerLifecycle.removal('delete', (driver, ref, op) => driver.deleteLoadBalancer(ref, op.resourceId), {
      status: LbStatus.ERROR,
    }),
  );
}
