import { sql, type SQL } from 'drizzle-orm';

/**
 * A PostgreSQL array literal with every element quoted (`{"a","b"}`), so any text is safe in it.
 * Passed as one parameter, a batch of rows is one statement with a parameter per column, however
 * many rows it holds.
 */
export function arrayLiteral(values: readonly (string | number)[]): string {
  return `{${values.map((v) => `"${String(v).replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

/** `values` as one array parameter of PostgreSQL type `type[]` (for `unnest` or `= any(...)`). */
export const sqlArray = (
  values: readonly (string | number)[],
  type: 'uuid' | 'text' | 'int' | 'real' | 'float8' | 'timestamptz',
): SQL => sql`${arrayLiteral(values)}::${sql.raw(type)}[]`;
