import { SEARCH_PER_KIND, type SearchAnswer, type SearchQuery } from '@portal/shared';
import type { AuthContext } from '../../platform/auth-context.js';
import { termsOf } from './search-match.js';
import { mayView, searchContext, type SearchSource } from './search-source.js';
import { SEARCH_SOURCES } from './sources/index.js';

/**
 * One search over every kind the caller may view, asked side by side (on PostgreSQL each on a
 * connection of the pool): a few hits of each, in the kinds' order, up to `limit` in all. A kind
 * the caller may not view is never asked.
 */
export async function search(
  auth: AuthContext,
  query: SearchQuery,
  sources: readonly SearchSource[] = SEARCH_SOURCES,
): Promise<SearchAnswer> {
  const ctx = searchContext(auth.tenant.db, auth.tenant.own, auth.authority);
  const terms = termsOf(query.q);
  const perKind = Math.min(SEARCH_PER_KIND, query.limit);
  const allowed = sources.filter((source) => mayView(ctx, source));
  const found = await Promise.all(allowed.map((source) => source.query(ctx, terms, perKind)));
  return { hits: found.flat().slice(0, query.limit) };
}
