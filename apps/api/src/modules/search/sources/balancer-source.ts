import { eq, sql } from 'drizzle-orm';
import { routePath } from '@portal/shared';
import { loadBalancers } from '../../../db/schema/index.js';
import { asText } from '../../../platform/resources/list-query.js';
import { bestMatches, matcherOf } from '../search-match.js';
import { defineSearchSource, hitOf, listPath, type MatchedRow } from '../search-source.js';

/**
 * Load balancers by name or id, with their address (an address alone finds it under "ip"); a hit
 * opens the balancer list filtered to it.
 */
export const balancerSource = defineSearchSource({
  kind: 'balancer',
  authority: 'network/balancer',
  async query(ctx, terms, limit) {
    const m = matcherOf(terms, [
      { field: 'name', column: loadBalancers.name, how: 'text' },
      { field: 'id', column: asText(loadBalancers.id), how: 'id' },
    ]);
    if (!m) return [];
    const best = bestMatches(ctx, loadBalancers, m, limit);
    const rows: MatchedRow[] = await ctx.db
      .select({
        id: sql<string>`${loadBalancers.id}::text`,
        title: loadBalancers.name,
        subtitle: loadBalancers.address,
        status: loadBalancers.status,
        field: m.field,
        text: best.text,
        rank: best.rank,
      })
      .from(best)
      .innerJoin(loadBalancers, eq(loadBalancers.id, best.id))
      .where(ctx.own(loadBalancers))
      .orderBy(best.rank, best.text, best.id);
    return rows.map((row) => hitOf('balancer', row, listPath(routePath('balancer'), row.id)));
  },
});
