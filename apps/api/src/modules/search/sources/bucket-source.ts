import { sql } from 'drizzle-orm';
import { routePath } from '@portal/shared';
import { buckets } from '../../../db/schema/index.js';
import { matcherOf, readMatches } from '../search-match.js';
import { defineSearchSource, hitOf } from '../search-source.js';

/** Buckets by name (the only way a person knows one); a hit opens the bucket's page. */
export const bucketSource = defineSearchSource({
  kind: 'bucket',
  authority: 'storage/bucket',
  async query(ctx, terms, limit) {
    const m = matcherOf(terms, [{ field: 'name', column: buckets.name, how: 'text' }]);
    if (!m) return [];
    const rows = await readMatches(ctx, buckets, m, limit, () => ({
      title: buckets.name,
      subtitle: sql<null>`null`,
      status: sql<null>`null`,
    }));
    return rows.map((row) => hitOf('bucket', row, routePath('bucketDetail', { name: row.title })));
  },
});
