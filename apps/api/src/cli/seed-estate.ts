/**
 * `npm run seed:estate -- --count 10000 [--client 20260000001]`: a benchmark tenant of that many
 * VMs with a proportionate estate (issue 25), on DATABASE_URL or the embedded database in
 * DATA_DIR, never in production. Each part is added only when missing, so a second run adds
 * nothing: the VMs (every other with a data disk, as `seed:vms` without them), snapshots, alarms,
 * orders and tickets in BENCH_ESTATE_PER_VM's proportions (copies of the demo's rows), a day of
 * minute metrics and a month of hourly ones for the running VMs, and this month's use metered
 * again over the whole fleet.
 */
import { and, count as countOf, eq, like, sql } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '@portal/shared';
import { remeterMonth, seedBenchFleet, seedBenchMetrics, seedBenchRecords } from '../seed/bench-estate.js';
import { vms } from '../db/schema/index.js';
import { currentMonth } from '../modules/usage/usage-service.js';
import { benchTenant, cliArgument } from './bench-tenant.js';

const count = Number(cliArgument('count') ?? 10_000);
const { config, database, client } = await benchTenant(count);
const { db } = database;
const took = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
try {
  let step = Date.now();
  const [{ n }] = (await db
    .select({ n: countOf() })
    .from(vms)
    .where(and(eq(vms.clientId, client.id), like(vms.name, 'bench-%')))) as [{ n: number }];
  if (n < count) {
    await seedBenchFleet(db, client.id, count - n, config.demoLanguage, { dataDisks: true });
    console.log(`${count - n} VMs with their disks: ${took(step)}`);
  }
  step = Date.now();
  const records = await seedBenchRecords(db, client.id, count);
  console.log(`copies of the demo's records ${JSON.stringify(records)}: ${took(step)}`);
  step = Date.now();
  const now = new Date();
  const metered = await seedBenchMetrics(db, client.id, now);
  console.log(`a day of minute metrics and a month of hourly ones for ${metered} running VMs: ${took(step)}`);
  if (n < count || metered > 0) {
    step = Date.now();
    const hours = await remeterMonth(db, currentMonth(now, DEFAULT_TIME_ZONE), now);
    console.log(`this month's ${hours} hours metered again: ${took(step)}`);
  }
  await db.execute(sql`analyze`);
} finally {
  await database.close();
}
