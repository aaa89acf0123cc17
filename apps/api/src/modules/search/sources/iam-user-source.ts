import { eq, sql } from 'drizzle-orm';
import { routePath } from '@portal/shared';
import { users } from '../../../db/schema/index.js';
import { asText } from '../../../platform/resources/list-query.js';
import { matcherOf, readMatches } from '../search-match.js';
import { defineSearchSource, hitOf } from '../search-source.js';

/** IAM users (not the root) by account, email or id; a hit opens the user's form. */
export const iamUserSource = defineSearchSource({
  kind: 'iamUser',
  authority: 'iam/user',
  async query(ctx, terms, limit) {
    const m = matcherOf(terms, [
      { field: 'name', column: users.account, how: 'text' },
      { field: 'email', column: users.email, how: 'text' },
      { field: 'id', column: asText(users.id), how: 'id' },
    ]);
    if (!m) return [];
    const rows = await readMatches(
      ctx,
      users,
      m,
      limit,
      () => ({ title: users.account, subtitle: users.email, status: sql<null>`null` }),
      { where: eq(users.isRoot, false) },
    );
    return rows.map((row) => hitOf('iamUser', row, routePath('editIAM', { id: row.id })));
  },
});
