import { routePath } from '@portal/shared';
import { ccxClusters } from '../../../db/schema/index.js';
import { asText } from '../../../platform/resources/list-query.js';
import { matcherOf, readMatches } from '../search-match.js';
import { defineSearchSource, hitOf, listPath } from '../search-source.js';

/** CCX clusters by name or id; a hit opens the cluster list filtered to it. */
export const ccxSource = defineSearchSource({
  kind: 'ccx',
  authority: 'network/ccx',
  async query(ctx, terms, limit) {
    const m = matcherOf(terms, [
      { field: 'name', column: ccxClusters.name, how: 'text' },
      { field: 'id', column: asText(ccxClusters.id), how: 'id' },
    ]);
    if (!m) return [];
    const rows = await readMatches(ctx, ccxClusters, m, limit, () => ({
      title: ccxClusters.name,
      subtitle: ccxClusters.endpoint,
      status: ccxClusters.status,
    }));
    return rows.map((row) => hitOf('ccx', row, listPath(routePath('ccxList'), row.id)));
  },
});
