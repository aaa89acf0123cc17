import { ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SearchMatchField } from '@portal/shared';
import type { Db } from '../../db/database.js';
import type { TenantTable } from '../../db/tenant-scope.js';
import { escapeLike } from '../../platform/resources/list-query.js';

/**
 * The question of a search, read once for every source: the text as typed (trimmed) with its LIKE
 * wildcards escaped, and the forms it may take as the start of an id or of an address. A form the
 * text cannot take is null, and fields of that form are not searched at all.
 */
export interface SearchTerms {
  text: string;
  /** The text for LIKE: `%` and `_` taken literally. */
  like: string;
  /** Lower-case hex digits and dashes, at least 4 (fewer would find a sixteenth of every kind). */
  id: string | null;
  /** Digits, hex, dots, colons and slashes with a dot or a colon: the start of an IPv4/IPv6 address or CIDR. */
  address: string | null;
}

export function termsOf(q: string): SearchTerms {
  const text = q.trim();
  const lower = text.toLowerCase();
  return {
    text,
    like: escapeLike(text),
    id: /^[0-9a-f][0-9a-f-]{3,35}$/.test(lower) ? lower : null,
    address: /^[0-9a-f:./]+$/.test(lower) && /[.:]/.test(lower) ? lower : null,
  };
}

/**
 * A field a source searches:
 * - `text`: part of it, case-insensitive (a name, an order number);
 * - `id`: its start (a full or partial uuid; give the column as text, `asText(table.id)`);
 * - `address`: its start (an IP address or CIDR: "10.0.0.12" finds it, "10.0." too).
 */
export interface MatchField {
  field: SearchMatchField;
  column: PgColumn | SQL;
  how: 'text' | 'id' | 'address';
}

/** The SQL of one search over some fields of a row. */
export interface Matcher {
  /** The row matches (any field). */
  where: SQL;
  /** 0 when a field equals the text, 1 when one starts with it, 2 when one only holds it: sort by it first. */
  rank: SQL<number>;
  /** The field that matched (an equal one before a partial one) and its text. */
  field: SQL<SearchMatchField>;
  text: SQL<string>;
}

interface Condition {
  field: SearchMatchField;
  column: PgColumn | SQL;
  exact: SQL;
  prefix: SQL;
  any: SQL;
}

function conditionOf(terms: SearchTerms, f: MatchField): Condition | null {
  const { field, column } = f;
  const col = column as PgColumn;
  if (f.how === 'text') {
    return {
      field,
      column,
      exact: ilike(col, terms.like),
      prefix: ilike(col, `${terms.like}%`),
      any: ilike(col, `%${terms.like}%`),
    };
  }
  const start = f.how === 'id' ? terms.id : terms.address;
  if (start === null) return null;
  const like = escapeLike(start);
  const prefix = ilike(col, `${like}%`);
  return { field, column, exact: ilike(col, like), prefix, any: prefix };
}

const anyOf = (parts: SQL[]) => (parts.length === 1 ? parts[0]! : (or(...parts) as SQL));

/**
 * The conditions, rank and matched field of a search over `fields`; null when the text can take
 * the form of none of them (an address source asked for "web"), so the source need not ask the
 * database. Every value is a bound parameter.
 */
export function matcherOf(terms: SearchTerms, fields: MatchField[]): Matcher | null {
  const conditions = fields.map((f) => conditionOf(terms, f)).filter((c): c is Condition => c !== null);
  if (conditions.length === 0) return null;
  // Equal matches name the field first, then partial ones in the order the fields were given.
  const cases = (value: (c: Condition) => SQL | string) =>
    sql.join(
      [
        ...conditions.map((c) => sql`when ${c.exact} then ${value(c)}`),
        ...conditions.map((c) => sql`when ${c.any} then ${value(c)}`),
      ],
      sql` `,
    );
  return {
    where: anyOf(conditions.map((c) => c.any)),
    rank: sql<number>`(case when ${anyOf(conditions.map((c) => c.exact))} then 0
      when ${anyOf(conditions.map((c) => c.prefix))} then 1 else 2 end)`,
    field: sql<SearchMatchField>`(case ${cases((c) => sql`${c.field}::text`)} end)`,
    text: sql<string>`(case ${cases((c) => sql`${c.column}::text`)} end)`,
  };
}

/**
 * The best `limit` rows of a tenant table for a search, as a subquery of their ids and ranks:
 * ranked and cut here, so the fields the hits show (the matched text, a joined name) are read for
 * those rows alone, not for every row that matched (with 10,000 VMs named alike, every one).
 */
export function bestMatches(
  ctx: { db: Db; own(table: TenantTable, where?: SQL): SQL },
  table: TenantTable & { id: PgColumn },
  matcher: Matcher,
  title: PgColumn | SQL,
  limit: number,
) {
  return ctx.db
    .select({ id: table.id, rank: sql<number>`${matcher.rank}`.as('rank') })
    .from(table as PgTable)
    .where(ctx.own(table, matcher.where))
    .orderBy(matcher.rank, title, table.id)
    .limit(limit)
    .as('best');
}
