import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { CcxClusterStatus } from '@portal/shared';
import type { Db } from '../../../db/database.js';
import { ccxClusters, simNetworkObjects, vpcs } from '../../../db/schema/index.js';

const DAY = 86_400_000;

/**
 * The demo customer's managed cluster on a first start: a running three-node PostgreSQL 16 in its
 * first VPC, known to the simulated cloud too, so it can be scaled and deleted like a new one.
 */
export async function seedDemoClusters(db: Db, clientId: string, now = new Date()): Promise<void> {
  const [vpc] = await db
    .select({ id: vpcs.id })
    .from(vpcs)
    .where(eq(vpcs.clientId, clientId))
    .orderBy(asc(vpcs.createdAt), asc(vpcs.id))
    .limit(1);
  if (!vpc) return;
  const id = randomUUID();
  const spec = {
    clusterId: id,
    networkId: vpc.id,
    engine: 'postgresql',
    version: '16',
    nodeCount: 3,
    nodeSize: '4c8g',
  };
  await db.insert(ccxClusters).values({
    id,
    clientId,
    vpcId: vpc.id,
    name: 'orders-pg',
    engine: spec.engine,
    version: spec.version,
    nodeCount: spec.nodeCount,
    nodeSize: spec.nodeSize,
    endpoint: `ccx-${id.slice(0, 8)}.ccx.internal`,
    status: CcxClusterStatus.RUNNING,
    createdAt: new Date(now.getTime() - 45 * DAY),
  });
  await db.insert(simNetworkObjects).values({ id, kind: 'cluster', spec: { ...spec, clientId } });
}
