import { sql, type SQL } from 'drizzle-orm';

/**
 * A PostgreSQL array literal with every element quoted (`{"a","b"}`), so any text is safe in it.
 * Passed as one parameter, a batch of rows is one statement with a parameter per column, however
 * many rows it holds.
 */
export function arrayLiteral(values: readonly (string | number)[]): string {
  return `{${values.map((v) => `"${String(v).replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

type ArrayType = 'uuid' | 'text' | 'int' | 'real' | 'float8' | 'timestamptz';

/** `values` as one array parameter of PostgreSQL type `type[]` (for `unnest` or `= any(...)`). */
export const sqlArray = (values: readonly (string | number)[], type: ArrayType): SQL =>
  sql`${arrayLiteral(values)}::${sql.raw(type)}[]`;

/**
 * Fields of `rows` as array parameters, one per `[field, type]` in that order and comma-separated:
 * the arguments of `unnest(...)` that insert a batch in one statement. Dates go as ISO text.
 */
export function sqlArrays<R>(rows: readonly R[], columns: readonly (readonly [keyof R, ArrayType])[]): SQL {
  const element = (v: unknown) => (v instanceof Date ? v.toISOString() : (v as string | number));
  return sql.join(
    columns.map(([field, type]) =>
      sqlArray(
        rows.map((r) => element(r[field])),
        type,
      ),
    ),
    sql`, `,
  );
}
