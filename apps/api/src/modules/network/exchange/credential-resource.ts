import { eq } from 'drizzle-orm';
import {
  CCX_TYPE_NAMES,
  maskKeyId,
  parseGcpServiceAccountKey,
  PUBLIC_CLOUD_MISSING,
  publicCloudCredentialProblems,
  PublicCloudType,
  type PublicCloudCredential,
  type PublicCloudCredentialCreate,
  publicCloudCredentialContract,
} from '@portal/shared';
import { publicCloudCredentials, type PublicCloudCredentialRow } from '../../../db/schema/index.js';
import { fail, fieldsRefused } from '../../../platform/errors.js';
import type { ResourceContext } from '../../../platform/resources/context.js';
import { defineResource } from '../../../platform/resources/declaration.js';
import { ownedIds, pageOf } from '../../../platform/resources/list-query.js';
import { ownRow, ownRowForUpdate } from '../../../platform/resources/own-row.js';
import type { SecretBox } from '../../../platform/secret-box.js';
import type { OpenedCredential } from './public-clouds.js';

/** Where a credential's secret is sealed: it opens only on its tenant's row of its type. */
export const credentialContext = (clientId: string, type: number) => `public-cloud:${clientId}:${type}`;

/** The row as sent: the id part only (masked when long; a GCP account's e-mail as it is), no secret. */
export function credentialDto(row: PublicCloudCredentialRow): PublicCloudCredential {
  return {
    uuid: row.id,
    type: row.type as PublicCloudCredential['type'],
    keyId: row.type === PublicCloudType.GCP ? row.keyId : maskKeyId(row.keyId),
    directoryId: row.directoryId,
    subscriptionId: row.subscriptionId,
    createDate: row.createdAt.toISOString(),
  };
}

/** What a row keeps of a credential: the parts that name it, and the secret part sealed. */
function rowOf(body: PublicCloudCredentialCreate, seal: (secret: string) => string) {
  const v = (field: keyof PublicCloudCredentialCreate) => String(body[field] ?? '').trim();
  switch (body.type) {
    case PublicCloudType.AWS:
      return { keyId: v('accessKeyId'), secretSealed: seal(v('secretAccessKey')) };
    case PublicCloudType.GCP: {
      const key = parseGcpServiceAccountKey(v('credentialsJson'))!;
      // The whole key file is the secret; the project stands where Azure's subscription does.
      return {
        keyId: key.client_email,
        subscriptionId: key.project_id,
        secretSealed: seal(v('credentialsJson')),
      };
    }
    case PublicCloudType.AZURE:
      return {
        keyId: v('applicationId').toLowerCase(),
        directoryId: v('directoryId').toLowerCase(),
        subscriptionId: v('subscriptionId').toLowerCase(),
        // An application password (client secret) is case-sensitive: kept as typed.
        secretSealed: seal(String(body.applicationPassword ?? '')),
      };
  }
}

/** The caller's credential of a type, its secret opened for one call to the provider; or null. */
export async function openCredential(
  ctx: ResourceContext,
  secrets: SecretBox,
  type: PublicCloudType,
): Promise<OpenedCredential | null> {
  const [row] = await ctx.db
    .select()
    .from(publicCloudCredentials)
    .where(ctx.own(publicCloudCredentials, eq(publicCloudCredentials.type, type)));
  if (!row) return null;
  const secret = secrets.open(row.secretSealed, credentialContext(row.clientId, row.type));
  switch (type) {
    case PublicCloudType.AWS:
      return { type, accessKeyId: row.keyId, secretAccessKey: secret };
    case PublicCloudType.GCP:
      return { type, key: parseGcpServiceAccountKey(secret)! };
    case PublicCloudType.AZURE:
      return {
        type,
        applicationId: row.keyId,
        applicationPassword: secret,
        directoryId: row.directoryId ?? '',
        subscriptionId: row.subscriptionId ?? '',
      };
  }
}

/**
 * Whether a credential is one a search asks for: part of what the list shows (the provider, the
 * key id as shown, the directory and the subscription) or of its id, in any case. A masked key id
 * is searched as shown, so a search cannot find out its hidden part a character at a time. (A
 * tenant has one credential per provider: they are searched as sent rather than in SQL.)
 */
function isSearchedFor(c: PublicCloudCredential, search: string | undefined): boolean {
  if (!search) return true;
  const part = search.toLowerCase();
  return [CCX_TYPE_NAMES[c.type], c.keyId, c.directoryId, c.subscriptionId, c.uuid].some((text) =>
    text?.toLowerCase().includes(part),
  );
}

/**
 * Public-cloud credentials (spec sections 2-3, under exCloud): one per provider, its secret sealed
 * with the secret box and never sent back, logged or audited (the body's secret fields are named
 * so the audit leaves them out).
 */
export const publicCloudCredentialResource = (secrets: SecretBox) =>
  defineResource(publicCloudCredentialContract, {
    table: publicCloudCredentials,
    notFound: 'PUBLIC_CLOUD_NOT_EXIST',
    async list(ctx, query) {
      const rows = await ctx.db
        .select()
        .from(publicCloudCredentials)
        .where(
          ctx.own(
            publicCloudCredentials,
            query.type === undefined ? undefined : eq(publicCloudCredentials.type, query.type),
          ),
        )
        .orderBy(publicCloudCredentials.type);
      const found = rows.map(credentialDto).filter((c) => isSearchedFor(c, query.search));
      const page = pageOf(query);
      const shown = page.limit === undefined ? found : found.slice(page.offset, page.offset + page.limit);
      return { records: shown, total: found.length };
    },
    get: async (ctx, id) => credentialDto(await ownRow(ctx, publicCloudCredentials, id)),
    owned: (ctx, ids) => ownedIds(ctx, publicCloudCredentials, ids),
    create: {
      summary:
        'Add the credential of a provider (one each): AWS key id and secret, a GCP service account key, or an Azure application',
      async handler(ctx, body: PublicCloudCredentialCreate) {
        const { missing, format } = publicCloudCredentialProblems(body);
        if (Object.keys(missing).length > 0) throw fieldsRefused(PUBLIC_CLOUD_MISSING[body.type], missing);
        if (Object.keys(format).length > 0) throw fieldsRefused('FORMAT_ERROR', format);
        const context = credentialContext(ctx.clientId, body.type);
        const [row] = await ctx.db
          .insert(publicCloudCredentials)
          .values({
            clientId: ctx.clientId,
            type: body.type,
            ...rowOf(body, (s) => secrets.seal(s, context)),
          })
          // One per provider (a unique index): the second, even a concurrent one, is refused.
          .onConflictDoNothing()
          .returning();
        if (!row) throw fail('PUBLIC_CLOUD_REPEAT');
        return credentialDto(row);
      },
    },
    remove: {
      summary: 'Delete a credential; the login password confirms it',
      async handler(ctx, id: string) {
        const row = await ownRowForUpdate(ctx, publicCloudCredentials, id);
        await ctx.db
          .delete(publicCloudCredentials)
          .where(ctx.own(publicCloudCredentials, eq(publicCloudCredentials.id, row.id)));
        return credentialDto(row);
      },
    },
  });
