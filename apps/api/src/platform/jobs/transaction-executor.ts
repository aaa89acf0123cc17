import { sql, type SQL } from 'drizzle-orm';
import { driverValue, rowsOf, type Db, type SqlExecutor } from '../../db/database.js';

/**
 * pg-boss's SQL as one Drizzle query that keeps pg-boss's own parameter numbers.
 *
 * Drizzle numbers parameters in the order they appear, one number per occurrence, while pg-boss
 * names one parameter several times and relies on the type PostgreSQL infers from its first use:
 * its insert reads `$5` as text (`right($5, 1)`) and casts it to a timestamp or an interval. Split
 * into one parameter per occurrence, each would be typed by its own use and the unused branch
 * would fail to bind ("30" is no timestamp). So the values go first, in a comment that Drizzle
 * numbers `$1..$n` and PostgreSQL skips, and pg-boss's text follows unchanged: its `$1..$n` name
 * the same parameters, exactly as node-postgres would send them.
 */
export function positionalSql(text: string, values: readonly unknown[] = []): SQL {
  if (values.length === 0) return sql.raw(text);
  const params = sql.join(
    values.map((value) => sql.param(driverValue(value))),
    sql.raw(' '),
  );
  return sql`/* ${params} */ ${sql.raw(text)}`;
}

/**
 * An executor that runs inside a Drizzle transaction (or on any Drizzle database), so pg-boss's
 * statements commit or roll back with the caller's. PGlite answers `{ rows }`, postgres.js a list.
 */
export function transactionExecutor(tx: Db): SqlExecutor {
  return {
    async executeSql(text, values) {
      return { rows: rowsOf<Record<string, unknown>>(await tx.execute(positionalSql(text, values))) };
    },
  };
}
