import { eq } from 'drizzle-orm';
import { routePath } from '@portal/shared';
import { firewalls, vpcs } from '../../../db/schema/index.js';
import { asText } from '../../../platform/resources/list-query.js';
import { matcherOf, readMatches } from '../search-match.js';
import { defineSearchSource, hitOf, listPath } from '../search-source.js';

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
    const rows = await readMatches(
      ctx,
      firewalls,
      m,
      limit,
      () => ({ title: firewalls.name, subtitle: vpcs.name, status: firewalls.status }),
      { join: { table: vpcs, on: eq(vpcs.id, firewalls.vpcId), inner: true } },
    );
    return rows.map((row) => hitOf('firewall', row, listPath(routePath('firewall'), row.id), 'vpc'));
  },
});
