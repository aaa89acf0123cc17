import { eq, sql } from 'drizzle-orm';
import { routePath } from '@portal/shared';
import { loadBalancers, vms, vnis } from '../../../db/schema/index.js';
import { bestMatches, matcherOf, type SearchTerms } from '../search-match.js';
import {
  defineSearchSource,
  hitOf,
  listPath,
  type MatchedRow,
  type SearchContext,
} from '../search-source.js';

/**
 * Addresses: a network interface's private or public IP (a VM's second interface too), and a load
 * balancer's address. The hit is the address; its second line names what holds it, and it opens
 * that VM's page (or the interface list, for a caller who may not see VMs) or the balancer list.
 */
export const ipSource = defineSearchSource({
  kind: 'ip',
  authority: ['network/vni', 'network/balancer'],
  async query(ctx, terms, limit) {
    if (terms.address === null) return [];
    const [interfaces, balancers] = await Promise.all([
      ctx.can('network/vni') ? interfaceHits(ctx, terms, limit) : [],
      ctx.can('network/balancer') ? balancerHits(ctx, terms, limit) : [],
    ]);
    return [...interfaces, ...balancers]
      .sort((a, b) => a.rank - b.rank || a.hit.title.localeCompare(b.hit.title))
      .slice(0, limit)
      .map(({ hit }) => hit);
  },
});

async function interfaceHits(ctx: SearchContext, terms: SearchTerms, limit: number) {
  const m = matcherOf(terms, [
    { field: 'privateIp', column: vnis.privateIpv4, how: 'address' },
    { field: 'publicIp', column: vnis.publicIp, how: 'address' },
  ]);
  if (!m) return [];
  const best = bestMatches(ctx, vnis, m, limit);
  const rows: (MatchedRow & { vmId: string | null })[] = await ctx.db
    .select({
      id: sql<string>`${vnis.id}::text`,
      title: best.text,
      subtitle: vms.name,
      status: sql<null>`null`,
      vmId: sql<string | null>`${vnis.vmId}::text`,
      field: m.field,
      text: best.text,
      rank: best.rank,
    })
    .from(best)
    .innerJoin(vnis, eq(vnis.id, best.id))
    .leftJoin(vms, eq(vms.id, vnis.vmId))
    .where(ctx.own(vnis))
    .orderBy(best.rank, best.text, best.id);
  return rows.map((row) => ({
    rank: row.rank,
    hit: hitOf(
      'ip',
      row,
      row.vmId && ctx.can('compute/vm')
        ? routePath('vmDetail', { uuid: row.vmId })
        : listPath(routePath('vni'), row.id),
      'vm',
    ),
  }));
}

async function balancerHits(ctx: SearchContext, terms: SearchTerms, limit: number) {
  const m = matcherOf(terms, [{ field: 'address', column: loadBalancers.address, how: 'address' }]);
  if (!m) return [];
  const best = bestMatches(ctx, loadBalancers, m, limit);
  const rows: MatchedRow[] = await ctx.db
    .select({
      id: sql<string>`${loadBalancers.id}::text`,
      title: best.text,
      subtitle: loadBalancers.name,
      status: sql<null>`null`,
      field: m.field,
      text: best.text,
      rank: best.rank,
    })
    .from(best)
    .innerJoin(loadBalancers, eq(loadBalancers.id, best.id))
    .where(ctx.own(loadBalancers))
    .orderBy(best.rank, best.text, best.id);
  return rows.map((row) => ({
    rank: row.rank,
    hit: hitOf('ip', row, listPath(routePath('balancer'), row.id), 'balancer'),
  }));
}
