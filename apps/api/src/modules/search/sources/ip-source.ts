import { eq, sql } from 'drizzle-orm';
import { routePath } from '@portal/shared';
import { loadBalancers, vms, vnis } from '../../../db/schema/index.js';
import { matcherOf, readMatches, type SearchTerms } from '../search-match.js';
import { defineSearchSource, hitOf, listPath, type SearchContext } from '../search-source.js';

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
  const rows = await readMatches<{ vmId: string | null }>(
    ctx,
    vnis,
    m,
    limit,
    (best) => ({
      title: best.text,
      subtitle: vms.name,
      status: sql<null>`null`,
      vmId: sql<string | null>`${vnis.vmId}::text`,
    }),
    { join: { table: vms, on: eq(vms.id, vnis.vmId) } },
  );
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
  const rows = await readMatches(ctx, loadBalancers, m, limit, (best) => ({
    title: best.text,
    subtitle: loadBalancers.name,
    status: sql<null>`null`,
  }));
  return rows.map((row) => ({
    rank: row.rank,
    hit: hitOf('ip', row, listPath(routePath('balancer'), row.id), 'balancer'),
  }));
}
