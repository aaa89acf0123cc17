import { and, eq, ne, sql } from 'drizzle-orm';
import { RegisterState } from '@portal/shared';
import type { Db } from '../../db/database.js';
import { clients, registrations } from '../../db/schema/index.js';
import { fieldsRefused } from '../../platform/errors.js';

/**
 * One member, one account (spec section 1): an identity number (company tax ID or personal ID)
 * belongs to at most one client or application under review. Called in the transaction that
 * submits or approves `applicationId`; the number is locked to the end of it, so two submissions
 * of one number at once cannot both pass. USER_NUMBER_EXISTS, on the form's field, otherwise.
 */
export async function claimIdentityNumber(tx: Db, identityNumber: string, applicationId: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`identity-number:${identityNumber}`}, 0))`,
  );
  const [client] = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.identityNumber, identityNumber))
    .limit(1);
  const [application] = client
    ? [client]
    : await tx
        .select({ id: registrations.id })
        .from(registrations)
        .where(
          and(
            eq(registrations.state, RegisterState.REGISTER_UNDER_REVIEW),
            eq(sql`${registrations.info}->>'identity_number'`, identityNumber),
            ne(registrations.id, applicationId),
          ),
        )
        .limit(1);
  if (application) {
    throw fieldsRefused('USER_NUMBER_EXISTS', { identity_number: 'apiError.USER_NUMBER_EXISTS' });
  }
}
