import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { simServers } from '../../db/schema/index.js';
import { sqlArray } from '../../db/sql-array.js';
import type { ServerState } from '../driver.js';

/**
 * The simulated servers' power as the cloud knows it, from its own table: a server powered on is
 * running, one powered off stopped (by a request, or by itself: whoever changed `power`), and one
 * deleted or never made is missing. The simulated cloud has no crashes of its own.
 */
export async function readSimulatedStates(db: Db, serverIds: string[]): Promise<Map<string, ServerState>> {
  const states = new Map<string, ServerState>(serverIds.map((id) => [id, 'missing']));
  if (serverIds.length === 0) return states;
  const rows = await db
    .select({ id: simServers.id, power: simServers.power })
    .from(simServers)
    .where(sql`${simServers.id} = any(${sqlArray(serverIds, 'uuid')}) and ${simServers.deletedAt} is null`);
  for (const row of rows) states.set(row.id, row.power === 'on' ? 'running' : 'stopped');
  return states;
}
