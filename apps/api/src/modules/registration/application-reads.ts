import { and, desc, eq } from 'drizzle-orm';
import type { OpsApplication, OpsApplicationSummary, RegisterState } from '@portal/shared';
import type { Db } from '../../db/database.js';
import { clients, registrations, users, type RegistrationRow } from '../../db/schema/index.js';
import { hasPassword } from '../../platform/passwords.js';
import { applicationOf } from './application-rows.js';
import { docsOf } from './service.js';

const rootUserOf = async (db: Db, clientId: string) =>
  (
    await db
      .select()
      .from(users)
      .where(and(eq(users.clientId, clientId), eq(users.isRoot, true)))
  )[0];

const summary = (r: RegistrationRow): OpsApplicationSummary => ({
  id: r.id,
  email: r.email,
  state: r.state,
  identityType: typeof r.info.identity_type === 'string' ? r.info.identity_type : null,
  companyName: typeof r.info.company_name === 'string' ? r.info.company_name : null,
  submittedAt: r.submittedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

/** The applications as staff review them: the list, and one with its documents and outcome. */
export function createApplicationReads(db: Db) {
  return {
    async list(state?: RegisterState): Promise<OpsApplicationSummary[]> {
      const rows = await db
        .select()
        .from(registrations)
        .where(state ? eq(registrations.state, state) : undefined)
        .orderBy(desc(registrations.submittedAt), desc(registrations.createdAt))
        .limit(500);
      return rows.map(summary);
    },

    async get(id: string): Promise<OpsApplication> {
      const r = await applicationOf(db, id);
      let clientNumber: string | null = null;
      // Whether a root user made by an approval has chosen a password (by a link or a reset).
      let passwordSet: boolean | null = null;
      if (r.clientId) {
        const [c] = await db
          .select({ n: clients.clientNumber })
          .from(clients)
          .where(eq(clients.id, r.clientId));
        clientNumber = c?.n ?? null;
        const root = await rootUserOf(db, r.clientId);
        passwordSet = root ? hasPassword(root) : null;
      }
      return { ...summary(r), info: r.info, docs: docsOf(r), reason: r.reason, clientNumber, passwordSet };
    },
  };
}
