import { eq } from 'drizzle-orm';
import { routePath } from '@portal/shared';
import { alarms, vms } from '../../../db/schema/index.js';
import { asText } from '../../../platform/resources/list-query.js';
import { matcherOf, readMatches } from '../search-match.js';
import { defineSearchSource, hitOf } from '../search-source.js';

/** Alarms by name or id, with the VM they watch; a hit opens the alarm's form. */
export const alarmSource = defineSearchSource({
  kind: 'alarm',
  authority: 'monitor/alarm',
  async query(ctx, terms, limit) {
    const m = matcherOf(terms, [
      { field: 'name', column: alarms.name, how: 'text' },
      { field: 'id', column: asText(alarms.id), how: 'id' },
    ]);
    if (!m) return [];
    const rows = await readMatches(
      ctx,
      alarms,
      m,
      limit,
      () => ({ title: alarms.name, subtitle: vms.name, status: alarms.status }),
      { join: { table: vms, on: eq(vms.id, alarms.vmId) } },
    );
    return rows.map((row) => hitOf('alarm', row, routePath('alarmEdit', { id: row.id }), 'vm'));
  },
});
