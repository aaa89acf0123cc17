import { eq, sql } from 'drizzle-orm';
import { routePath } from '@portal/shared';
import { firewalls, vpcs } from '../../../db/schema/index.js';
import { asText } from '../../../platform/resources/list-query.js';
import { matcherOf } from '../search-match.js';
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
    const rows: MatchedRow[] = await ctx.db
      .select({
        id: sql<string>`${firewalls.id}::text`,
        title: firewalls.name,
        subtitle: vpcs.name,
        status: firewalls.status,
        field: m.field,
        text: m.text,
        rank: m.rank,
      })
      .from(firewalls)
      .innerJoin(vpcs, eq(vpcs.id, firewalls.vpcId))
      .where(ctx.own(firewalls, m.where))
      .orderBy(m.rank, firewalls.name, firewalls.id)
      .limit(limit);
    return rows.map((row) => hitOf('firewall', row, listPath(routePath('firewall'), row.id), 'vpc'));
  },
});
