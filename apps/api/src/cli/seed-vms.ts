/**
 * `npm run seed:vms -- --count 10000 [--client 20260000001]` adds that many VMs (with their root
 * disks, interfaces and the simulated cloud's machines) to one tenant, for benchmarks of the
 * lists. Runs on DATABASE_URL, or on the embedded database in DATA_DIR. Never for production.
 * `npm run seed:estate` adds the rest of a benchmark tenant's estate beside them.
 */
import { sql } from 'drizzle-orm';
import { seedBenchFleet } from '../seed/bench-estate.js';
import { benchTenant, cliArgument } from './bench-tenant.js';

const count = Number(cliArgument('count') ?? 10_000);
const { config, database, client } = await benchTenant(count);
try {
  const started = Date.now();
  await seedBenchFleet(database.db, client.id, count, config.demoLanguage);
  if (database.kind === 'pglite') await database.db.execute(sql`analyze`);
  console.log(
    `Added ${count} VMs to client ${client.clientNumber} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
} finally {
  await database.close();
}
