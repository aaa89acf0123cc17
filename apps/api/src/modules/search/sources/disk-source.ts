import { eq, sql } from 'drizzle-orm';
import { routePath } from '@portal/shared';
import { disks, vms } from '../../../db/schema/index.js';
import { asText } from '../../../platform/resources/list-query.js';
import { bestMatches, matcherOf } from '../search-match.js';
import { defineSearchSource, hitOf, listPath, type MatchedRow } from '../search-source.js';

/** Disks by name or id, with the VM they are on; a hit opens the disk list filtered to it. */
export const diskSource = defineSearchSource({
  kind: 'disk',
  authority: 'compute/disk',
  async query(ctx, terms, limit) {
    const m = matcherOf(terms, [
      { field: 'name', column: disks.name, how: 'text' },
      { field: 'id', column: asText(disks.id), how: 'id' },
    ]);
    if (!m) return [];
    const best = bestMatches(ctx, disks, m, limit);
    const rows: MatchedRow[] = await ctx.db
      .select({
        id: sql<string>`${disks.id}::text`,
        title: disks.name,
        subtitle: vms.name,
        status: disks.status,
        field: m.field,
        text: best.text,
        rank: best.rank,
      })
      .from(best)
      .innerJoin(disks, eq(disks.id, best.id))
      .leftJoin(vms, eq(vms.id, disks.vmId))
      .where(ctx.own(disks))
      .orderBy(best.rank, best.text, best.id);
    return rows.map((row) => hitOf('disk', row, listPath(routePath('diskList'), row.id), 'vm'));
  },
});
