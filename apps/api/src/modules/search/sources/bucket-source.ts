import { eq, sql } from 'drizzle-orm';
import { routePath } from '@portal/shared';
import { buckets } from '../../../db/schema/index.js';
import { bestMatches, matcherOf } from '../search-match.js';
import { defineSearchSource, hitOf, type MatchedRow } from '../search-source.js';

/** Buckets by name (the only way a person knows one); a hit opens the bucket's page. */
export const bucketSource = defineSearchSource({
  kind: 'bucket',
  authority: 'storage/bucket',
  async query(ctx, terms, limit) {
    const m = matcherOf(terms, [{ field: 'name', column: buckets.name, how: 'text' }]);
    if (!m) return [];
    const best = bestMatches(ctx, buckets, m, limit);
    const rows: MatchedRow[] = await ctx.db
      .select({
        id: sql<string>`${buckets.id}::text`,
        title: buckets.name,
        subtitle: sql<null>`null`,
        status: sql<null>`null`,
        field: m.field,
        text: best.text,
        rank: best.rank,
      })
      .from(best)
      .innerJoin(buckets, eq(buckets.id, best.id))
      .where(ctx.own(buckets))
      .orderBy(best.rank, best.text, best.id);
    return rows.map((row) => hitOf('bucket', row, routePath('bucketDetail', { name: row.title })));
  },
});
