import type { SQL } from 'drizzle-orm';
import {
  hasAuthority,
  type AuthorityLeaf,
  type AuthorityTree,
  type SearchHit,
  type SearchKind,
} from '@portal/shared';
import type { Db } from '../../db/database.js';
import type { TenantTable } from '../../db/tenant-scope.js';
import type { SearchTerms } from './search-match.js';

/** What a source gets: the caller's tenant (every query names it with `own`) and its authority. */
export interface SearchContext {
  db: Db;
  own(table: TenantTable, where?: SQL): SQL;
  /** Whether the caller may view this leaf (for a part of a kind, or the page a hit leads to). */
  can(leaf: AuthorityLeaf): boolean;
}

/**
 * One kind of thing the console search finds, declared in a file of its own under sources/ and
 * listed in sources/index.ts. A caller without any of `authority` never reaches `query`.
 */
export interface SearchSource {
  kind: SearchKind;
  /** The view leaf the kind's pages need (any one of several, when a kind has two pages). */
  authority: AuthorityLeaf | readonly AuthorityLeaf[];
  /** At most `limit` hits of this kind for the caller's tenant, best first. */
  query(ctx: SearchContext, terms: SearchTerms, limit: number): Promise<SearchHit[]>;
}

export const defineSearchSource = (source: SearchSource): SearchSource => source;

export function searchContext(db: Db, own: SearchContext['own'], authority: AuthorityTree): SearchContext {
  return { db, own, can: (leaf) => hasAuthority(authority, leaf) };
}

export const mayView = (ctx: SearchContext, source: SearchSource) =>
  [source.authority].flat().some((leaf) => ctx.can(leaf));

/** A row of a source's query: the hit's fields that SQL reads, with the rank and match. */
export interface MatchedRow {
  id: string;
  title: string;
  subtitle: string | null;
  status: number | string | null;
  field: SearchHit['matched']['field'];
  text: string;
  rank: number;
}

/** A row made a hit of `kind`, leading to `path`. */
export const hitOf = (
  kind: SearchKind,
  row: MatchedRow,
  path: string,
  subtitleKind: SearchKind | null = null,
): SearchHit => ({
  kind,
  id: row.id,
  title: row.title,
  subtitle: row.subtitle,
  subtitleKind: row.subtitle === null ? null : subtitleKind,
  status: row.status,
  matched: { field: row.field, text: row.text },
  path,
});

/** A list page of the console filtered by its search box (`?search=`) to one row. */
export const listPath = (path: string, search: string) => `${path}?search=${encodeURIComponent(search)}`;
