import { eq, sql } from 'drizzle-orm';
import { routePath } from '@portal/shared';
import { firewalls, vpcs } from '../../../db/schema/index.js';
import { asText } from '../../../platform/resources/list-query.js';
import { bestMatches, matcherOf } from '../search-match.js';
import { defineSearchSource, hitOf, listPath, type MatchedRow } from '../search-source.js';

/** Firewalls by name or id, with their VPC; a hit opens the firewall list filtered to it. */
export const firewallSource = defineSearchSource({
  kind: 'firewall',
  authority: 'network/firewall',
  async query(ctx, terms, limit) {
    const m = matcherOf(terms, [
      { field: 'name', column: firewalls.name, how: 'text' },
      { field: 'id', column: asText(firewalls.id), how: 'id' },
    ]);
    if (!m) return [];
    const best = bestMatches(ctx, firewalls, m, limit);
    const rows: MatchedRow[] = await ctx.db
      .select({
        id: sql<string>`${firewalls.id}::text`,
        title: firewalls.name,
        subtitle: vpcs.name,
        status: firewalls.status,
        field: m.field,
        text: best.text,
        rank: best.rank,
      })
      .from(best)
      .innerJoin(firewalls, eq(firewalls.id, best.id))
      .innerJoin(vpcs, eq(vpcs.id, firewalls.vpcId))
      .where(ctx.own(firewalls))
      .orderBy(best.rank, best.text, best.id);
    return rows.map((row) => hitOf('firewall', row, listPath(routePath('firewall'), row.id), 'vpc'));
  },
});
