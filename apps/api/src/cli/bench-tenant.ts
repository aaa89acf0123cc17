import { eq } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { DEMO } from '../seed/demo-seed.js';
import { migrate } from '../platform/migrate.js';
import { clients } from '../db/schema/index.js';

export const cliArgument = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

/**
 * The benchmark seeders' database and tenant (`--client`, default the demo's), refusing
 * production and a fleet size out of range.
 */
export async function benchTenant(count: number) {
  const clientNumber = cliArgument('client') ?? DEMO.clientNumber;
  const config = loadConfig();
  if (config.env === 'production' || !Number.isInteger(count) || count < 1 || count > 200_000) {
    console.error('Usage: --count <1-200000> [--client <client number>] (not in production)');
    process.exit(2);
  }
  const database = await openDatabase(config);
  await migrate(database);
  const [client] = await database.db.select().from(clients).where(eq(clients.clientNumber, clientNumber));
  if (!client) {
    await database.close();
    throw new Error(`no client ${clientNumber}: start the portal once to create the demo tenant`);
  }
  return { config, database, client };
}
