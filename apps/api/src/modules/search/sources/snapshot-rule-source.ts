import { sql } from 'drizzle-orm';
import { routePath } from '@portal/shared';
import { snapshotRules } from '../../../db/schema/index.js';
import { asText } from '../../../platform/resources/list-query.js';
import { matcherOf, readMatches } from '../search-match.js';
import { defineSearchSource, hitOf } from '../search-source.js';

/** Snapshot rules by name or id; a hit opens the rule's form (its schedule and its VMs). */
export const snapshotRuleSource = defineSearchSource({
  kind: 'snapshotRule',
  authority: 'compute/snapshot',
  async query(ctx, terms, limit) {
    const m = matcherOf(terms, [
      { field: 'name', column: snapshotRules.name, how: 'text' },
      { field: 'id', column: asText(snapshotRules.id), how: 'id' },
    ]);
    if (!m) return [];
    const rows = await readMatches(ctx, snapshotRules, m, limit, () => ({
      title: snapshotRules.name,
      subtitle: sql<null>`null`,
      status: sql<null>`null`,
    }));
    return rows.map((row) => hitOf('snapshotRule', row, routePath('editSnapshotRule', { id: row.id })));
  },
});
