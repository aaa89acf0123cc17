import { eq, ilike, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SearchMatchField } from '@portal/shared';
import type { Db } from '../../db/database.js';
import type { TenantTable } from '../../db/tenant-scope.js';
import { escapeLike } from '../../platform/resources/list-query.js';
import type { MatchedRow } from './search-source.js';

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

/**
 * The SQL of one search over some fields of a row. Every value is a bound parameter.
 *
 * Matching costs a case-insensitive LIKE per field and row (PGlite's is slow: some 5 µs), so a row
 * is matched once: `text` names the field's text that matched, or null, and the rank is read from
 * it (its length and start) rather than by matching again. With 10,000 VMs that all match, the
 * ranked answer cost three times the unranked one when each rule matched on its own.
 */
export interface Matcher {
  /**
   * The text of the field that matched, or null when none did: a field equal to the question
   * (a length compare first, so only same-length texts are matched again) before one that only
   * holds it, each in the order the fields were given.
   */
  text: SQL<string | null>;
  /** The name of that field (read for the hits alone). */
  field: SQL<SearchMatchField>;
  /** 0 when `matched` (the text above, read back) equals the question, 1 when it starts with it, else 2. */
  rank(matched: SQL | SQL.Aliased): SQL<number>;
}

interface Condition {
  field: SearchMatchField;
  column: SQL;
  exact: SQL;
  any: SQL;
}

function conditionOf(terms: SearchTerms, f: MatchField): Condition | null {
  const column = sql`${f.column}::text`;
  const length = terms.text.length;
  if (f.how === 'text') {
    return {
      field: f.field,
      column,
      exact: sql`(char_length(${column}) = ${length} and ${ilike(column, terms.like)})`,
      any: ilike(column, `%${terms.like}%`),
    };
  }
  const start = f.how === 'id' ? terms.id : terms.address;
  if (start === null) return null;
  // Ids and addresses are stored in lower case (uuid text, canonical IPv6): a plain LIKE serves.
  const like = escapeLike(start);
  return {
    field: f.field,
    column,
    exact: sql`${column} = ${start}`,
    any: sql`${column} like ${`${like}%`}`,
  };
}

/**
 * How a row of these fields matches the question; null when the question can take the form of
 * none of them (an address source asked for "web"), so the source need not ask the database.
 */
export function matcherOf(terms: SearchTerms, fields: MatchField[]): Matcher | null {
  const conditions = fields.map((f) => conditionOf(terms, f)).filter((c): c is Condition => c !== null);
  if (conditions.length === 0) return null;
  const cases = (value: (c: Condition) => SQL) =>
    sql.join(
      [
        ...conditions.map((c) => sql`when ${c.exact} then ${value(c)}`),
        ...conditions.map((c) => sql`when ${c.any} then ${value(c)}`),
      ],
      sql` `,
    );
  return {
    text: sql<string | null>`(case ${cases((c) => c.column)} end)`,
    field: sql<SearchMatchField>`(case ${cases((c) => sql`${c.field}::text`)} end)`,
    rank: (matched) => sql<number>`(case when char_length(${matched}) = ${terms.text.length} then 0
      when ${matched} ilike ${`${terms.like}%`} then 1 else 2 end)`,
  };
}

/**
 * The best `limit` rows of a tenant table for a search, as a subquery of their ids, ranks and
 * matched texts: equal matches first, then those that start with the question, then the rest,
 * each in the order of the text that matched ("10.0.0.1" lists 10.0.0.10, .11, ... whatever the
 * VMs' names). Each of the tenant's rows is matched once (a subquery the planner keeps apart, by
 * its OFFSET), ranked and cut here, so what the hits show (a joined name, the matched field) is
 * read for those rows alone. `where` narrows the rows further (orders in force).
 */
function bestMatches(
  ctx: { db: Db; own(table: TenantTable, where?: SQL): SQL },
  table: TenantTable & { id: PgColumn },
  matcher: Matcher,
  limit: number,
  where?: SQL,
) {
  const rows = ctx.db
    .select({ id: table.id, text: sql<string | null>`${matcher.text}`.as('matched_text') })
    .from(table as PgTable)
    .where(ctx.own(table, where))
    // OFFSET 0 keeps the subquery apart, so its CASE is not copied into the outer WHERE, rank and
    // ORDER BY (each copy matching again). Drizzle leaves out a numeric 0, so it is given as SQL.
    .offset(sql`0` as unknown as number)
    .as('candidates');
  const rank = matcher.rank(rows.text);
  return ctx.db
    .select({
      id: rows.id,
      text: sql<string>`${rows.text}`.as('text'),
      rank: sql<number>`${rank}`.as('rank'),
    })
    .from(rows)
    .where(isNotNull(rows.text))
    .orderBy(rank, rows.text, rows.id)
    .limit(limit)
    .as('best');
}

type Best = ReturnType<typeof bestMatches>;
type Shown = PgColumn | SQL | SQL.Aliased;

/**
 * The hits' rows of one table: its best matches (bestMatches) read back with what a hit shows —
 * its title, second line and status — from the table, the match (`best.text`: an address) or a
 * table joined to it (the VM a disk is on), and any more a source needs (`Extra`), best first.
 */
export async function readMatches<Extra extends object = object>(
  ctx: { db: Db; own(table: TenantTable, where?: SQL): SQL },
  table: TenantTable & { id: PgColumn },
  matcher: Matcher,
  limit: number,
  shown: (best: Best) => { title: Shown; subtitle: Shown; status: Shown } & Record<string, Shown>,
  options: { where?: SQL; join?: { table: PgTable; on: SQL; inner?: boolean } } = {},
): Promise<(MatchedRow & Extra)[]> {
  const best = bestMatches(ctx, table, matcher, limit, options.where);
  let query = ctx.db
    .select({
      id: sql<string>`${table.id}::text`,
      ...shown(best),
      field: matcher.field,
      text: best.text,
      rank: best.rank,
    })
    .from(best)
    .innerJoin(table as PgTable, eq(table.id, best.id))
    .$dynamic();
  const join = options.join;
  if (join) query = join.inner ? query.innerJoin(join.table, join.on) : query.leftJoin(join.table, join.on);
  return (await query.where(ctx.own(table)).orderBy(best.rank, best.text, best.id)) as (MatchedRow & Extra)[];
}
