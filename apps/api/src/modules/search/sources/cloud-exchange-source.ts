import { eq, sql } from 'drizzle-orm';
import { exCloudTabOf, routePath } from '@portal/shared';
import { cloudExchanges, vpcs } from '../../../db/schema/index.js';
import { asText } from '../../../platform/resources/list-query.js';
import { matcherOf, readMatches } from '../search-match.js';
import { defineSearchSource, hitOf } from '../search-source.js';
import { providerName } from './cloud-provider.js';

/**
 * Cloud exchanges (external-cloud connections) by their pair key, their provider or their id, with
 * the provider and the VPC they connect; a hit opens the provider's tab of the exCloud page, its
 * list filtered to the pair key.
 */
export const cloudExchangeSource = defineSearchSource({
  kind: 'cloudExchange',
  authority: 'network/exCloud',
  async query(ctx, terms, limit) {
    const m = matcherOf(terms, [
      { field: 'pairKey', column: cloudExchanges.pairKey, how: 'text' },
      { field: 'provider', column: providerName(cloudExchanges.provider), how: 'text' },
      { field: 'id', column: asText(cloudExchanges.id), how: 'id' },
    ]);
    if (!m) return [];
    const rows = await readMatches<{ provider: number }>(
      ctx,
      cloudExchanges,
      m,
      limit,
      () => ({
        title: cloudExchanges.pairKey,
        subtitle: sql<string>`${providerName(cloudExchanges.provider)} || ' · ' || ${vpcs.name}`,
        status: cloudExchanges.status,
        provider: cloudExchanges.provider,
      }),
      { join: { table: vpcs, on: eq(vpcs.id, cloudExchanges.vpcId), inner: true } },
    );
    return rows.map((row) => {
      const params = new URLSearchParams({ tab: exCloudTabOf(row.provider), search: row.title });
      return hitOf('cloudExchange', row, `${routePath('exCloud')}?${params}`);
    });
  },
});
