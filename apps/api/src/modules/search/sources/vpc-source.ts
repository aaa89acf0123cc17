import { routePath } from '@portal/shared';
import { vpcs } from '../../../db/schema/index.js';
import { asText } from '../../../platform/resources/list-query.js';
import { matcherOf, readMatches } from '../search-match.js';
import { defineSearchSource, hitOf } from '../search-source.js';

/** VPCs by name, id or IPv4 CIDR ("10.0.0.0/16", or its start); a hit opens the VPC's page. */
export const vpcSource = defineSearchSource({
  kind: 'vpc',
  authority: 'network/vpc',
  async query(ctx, terms, limit) {
    const m = matcherOf(terms, [
      { field: 'name', column: vpcs.name, how: 'text' },
      { field: 'id', column: asText(vpcs.id), how: 'id' },
      { field: 'cidr', column: vpcs.cidrIpv4, how: 'address' },
    ]);
    if (!m) return [];
    const rows = await readMatches(ctx, vpcs, m, limit, () => ({
      title: vpcs.name,
      subtitle: vpcs.cidrIpv4,
      status: vpcs.status,
    }));
    return rows.map((row) => hitOf('vpc', row, routePath('vpcDetail', { netId: row.id })));
  },
});
