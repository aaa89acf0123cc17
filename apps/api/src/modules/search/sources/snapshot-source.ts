import { routePath } from '@portal/shared';
import { snapshots } from '../../../db/schema/index.js';
import { asText } from '../../../platform/resources/list-query.js';
import { matcherOf, readMatches } from '../search-match.js';
import { defineSearchSource, hitOf, listPath } from '../search-source.js';

/** Snapshots by name or id, with the VM they were taken of; a hit opens the list filtered to it. */
export const snapshotSource = defineSearchSource({
  kind: 'snapshot',
  authority: 'compute/snapshot',
  async query(ctx, terms, limit) {
    const m = matcherOf(terms, [
      { field: 'name', column: snapshots.name, how: 'text' },
      { field: 'id', column: asText(snapshots.id), how: 'id' },
    ]);
    if (!m) return [];
    const rows = await readMatches(ctx, snapshots, m, limit, () => ({
      title: snapshots.name,
      subtitle: snapshots.vmName,
      status: snapshots.status,
    }));
    return rows.map((row) => hitOf('snapshot', row, listPath(routePath('snapshot'), row.id)));
  },
});
