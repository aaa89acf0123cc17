import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { CCX_TYPE_NAMES } from '@portal/shared';

/**
 * A provider column (ccxType, or a public-cloud type: the same numbers) as the name the console
 * shows (AWS, GCP, Azure, CCX), so a search for "azure" finds it. Names are bound parameters.
 */
export function providerName(column: PgColumn): SQL<string> {
  const cases = Object.entries(CCX_TYPE_NAMES).map(
    ([value, name]) => sql`when ${Number(value)} then ${name}::text`,
  );
  return sql<string>`(case ${column} ${sql.join(cases, sql` `)} end)`;
}
