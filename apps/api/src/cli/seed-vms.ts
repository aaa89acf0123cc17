/**
 * `npm run seed:vms -- --count 10000 [--client 20260000001]` adds that many VMs (with their root
 * disks, interfaces and the simulated cloud's machines) to one tenant, for benchmarks of the
 * lists. Runs on DATABASE_URL, or on the embedded database in DATA_DIR. Never for production.
 */
import { eq, sql } from 'drizzle-orm';
import { VmStatus } from '@portal/shared';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { DEMO } from '../db/demo-seed.js';
import { migrate } from '../db/migrate.js';
import { clients, firewalls, vpcs } from '../db/schema/index.js';
import { createDefaultNetwork } from '../modules/compute/default-network.js';
import { addressAt, insertFleet, type FleetVm } from '../modules/compute/fleet.js';

const argument = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const count = Number(argument('count') ?? 10_000);
const clientNumber = argument('client') ?? DEMO.clientNumber;
const config = loadConfig();
if (config.env === 'production' || !Number.isInteger(count) || count < 1 || count > 200_000) {
  console.error(
    'Usage: npm run seed:vms -- --count <1-200000> [--client <client number>] (not in production)',
  );
  process.exit(2);
}

const database = await openDatabase(config);
try {
  await migrate(database);
  const { db } = database;
  const [client] = await db.select().from(clients).where(eq(clients.clientNumber, clientNumber));
  if (!client) throw new Error(`no client ${clientNumber}: start the portal once to create the demo tenant`);
  // A VPC of its own (10.128.0.0/9) so the seeded machines never take the addresses of real ones.
  const network = await createDefaultNetwork(db, client.id, '10.128.0.0/9', config.demoLanguage);
  await db
    .update(vpcs)
    .set({ name: `bench-${count}` })
    .where(eq(vpcs.id, network.vpc.id));
  await db
    .update(firewalls)
    .set({ name: `bench-${count}` })
    .where(eq(firewalls.id, network.firewall.id));
  const statuses = [VmStatus.RUNNING, VmStatus.RUNNING, VmStatus.RUNNING, VmStatus.STOPPED, VmStatus.ERROR];
  const templates = ['1', '2', '3', '4', '5'].map((n) => `6a1f0c1e-0000-4000-8000-00000000000${n}`);
  const sizes = [
    [2, 4],
    [2, 8],
    [4, 8],
    [4, 16],
    [8, 32],
    [16, 64],
  ] as const;
  const started = Date.now();
  const fleet: FleetVm[] = Array.from({ length: count }, (_, i) => {
    const [cpuCore, ramSize] = sizes[i % sizes.length]!;
    return {
      name: `bench-${String(i + 1).padStart(6, '0')}`,
      templateId: templates[i % templates.length]!,
      cpuCore,
      ramSize,
      status: statuses[i % statuses.length]!,
      rootGb: 50 + (i % 4) * 50,
      publicIp: i % 7 === 0,
      host: `hv-tpe-0${(i % 3) + 1}`,
      index: i,
      createdAt: new Date(started - (count - i) * 60_000),
    };
  });
  // Each VM its own address in the /9: the fleet's segments run on from 10.128.0.0.
  await insertFleet(
    db,
    {
      clientId: client.id,
      vpcId: network.vpc.id,
      firewallId: network.firewall.id,
      cidr: '10.128.0.0/9',
      segmentBase: addressAt('10.128.0.0', 0),
    },
    fleet,
  );
  if (database.kind === 'pglite') await db.execute(sql`analyze`);
  console.log(
    `Added ${count} VMs to client ${clientNumber} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
} finally {
  await database.close();
}
