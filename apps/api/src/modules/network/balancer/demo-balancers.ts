import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { LbProtocol, LbStatus, LbType } from '@portal/shared';
import type { Db } from '../../../db/database.js';
import {
  loadBalancers,
  loadBalancerTargets,
  simNetworkObjects,
  simServers,
  vms,
} from '../../../db/schema/index.js';

const DAY = 86_400_000;
/** Addresses of the documentation range a demo balancer may take (the simulator's pools). */
const CANDIDATES = ['198.51.100.80', '198.51.100.81', '198.51.100.82', '203.0.113.80'];

/** The demo balancer's listener, as its row and the simulated cloud's object both hold it. */
const LISTENER = {
  type: LbType.APPLICATION,
  protocol: LbProtocol.HTTP,
  port: 80,
  url: 'www.example.com',
  healthCheck: true,
  xForwardedFor: true,
};

/**
 * The demo customer's load balancer: HTTP on port 80 in front of its two web servers, active at
 * a public address, with health checks and X-Forwarded-For; the simulated cloud has it too, so an
 * edit keeps the address. Nothing is made when the two VMs are not there.
 */
export async function seedDemoBalancers(db: Db, clientId: string, now = new Date()): Promise<void> {
  const web = await db
    .select({ id: vms.id, vpcId: vms.vpcId })
    .from(vms)
    .where(and(eq(vms.clientId, clientId), inArray(vms.name, ['web-01', 'web-02'])))
    .orderBy(vms.name);
  if (web.length !== 2 || web[0]!.vpcId !== web[1]!.vpcId) return;
  const taken = await db
    .select({ ip: simServers.publicIp })
    .from(simServers)
    .where(isNotNull(simServers.publicIp));
  const used = new Set(taken.map((r) => r.ip));
  const address = CANDIDATES.find((a) => !used.has(a)) ?? CANDIDATES[0]!;
  const [balancer] = await db
    .insert(loadBalancers)
    .values({
      clientId,
      vpcId: web[0]!.vpcId,
      name: 'web-frontend',
      ...LISTENER,
      address,
      status: LbStatus.ACTIVE,
      createdAt: new Date(now.getTime() - 110 * DAY),
    })
    .returning({ id: loadBalancers.id });
  const id = balancer!.id;
  const serverIds = web.map((vm) => vm.id);
  await db.insert(loadBalancerTargets).values(serverIds.map((vmId) => ({ loadBalancerId: id, vmId })));
  await db.insert(simNetworkObjects).values({
    id,
    kind: 'loadBalancer',
    spec: {
      clientId,
      loadBalancerId: id,
      networkId: web[0]!.vpcId,
      ...LISTENER,
      serverIds: [...serverIds].sort(),
      hasKey: false,
      address,
    },
  });
}
