import { sql } from 'drizzle-orm';
import { exCloudTabOf, PublicCloudType, routePath } from '@portal/shared';
import { publicCloudCredentials as credentials } from '../../../db/schema/index.js';
import { asText } from '../../../platform/resources/list-query.js';
import { matcherOf, readMatches } from '../search-match.js';
import { defineSearchSource, hitOf } from '../search-source.js';
import { providerName } from './cloud-provider.js';

/**
 * The key id as the console shows it (credentialDto, maskKeyId): a GCP service account's e-mail as
 * it is, an AWS or Azure id of more than 12 characters as its first and last four. Matched as
 * shown, so a search cannot find out the hidden part a character at a time.
 */
const shownKeyId = sql<string>`(case when ${credentials.type} = ${PublicCloudType.GCP}
  or char_length(${credentials.keyId}) <= 12 then ${credentials.keyId}
  else left(${credentials.keyId}, 4) || '••••' || right(${credentials.keyId}, 4) end)`;

/**
 * Public-cloud credentials by their provider (what names one: a tenant has one per provider), the
 * key id as shown or their id; never by, nor with, the sealed secret. A hit opens the provider's
 * tab of the exCloud page, where the credential stands.
 */
export const cloudCredentialSource = defineSearchSource({
  kind: 'cloudCredential',
  authority: 'network/exCloud',
  async query(ctx, terms, limit) {
    const m = matcherOf(terms, [
      { field: 'name', column: providerName(credentials.type), how: 'text' },
      { field: 'keyId', column: shownKeyId, how: 'text' },
      { field: 'id', column: asText(credentials.id), how: 'id' },
    ]);
    if (!m) return [];
    const rows = await readMatches<{ type: number }>(ctx, credentials, m, limit, () => ({
      title: providerName(credentials.type),
      subtitle: shownKeyId,
      status: sql<null>`null`,
      type: credentials.type,
    }));
    return rows.map((row) =>
      hitOf('cloudCredential', row, `${routePath('exCloud')}?tab=${exCloudTabOf(row.type)}`),
    );
  },
});
