import { routePath } from '@portal/shared';
import { loadBalancers } from '../../../db/schema/index.js';
import { asText } from '../../../platform/resources/list-query.js';
import { matcherOf, readMatches } from '../search-match.js';
import { defineSearchSource, hitOf, listPath } from '../search-source.js';

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
    const rows = await readMatches(ctx, loadBalancers, m, limit, () => ({
      title: loadBalancers.name,
      subtitle: loadBalancers.address,
      status: loadBalancers.status,
    }));
    return rows.map((row) => hitOf('balancer', row, listPath(routePath('balancer'), row.id)));
  },
});
