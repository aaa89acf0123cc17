import { eq } from 'drizzle-orm';
import type { Db } from './database.js';
import { clients, users } from './schema/index.js';

/** The demo tenant of the embedded default, so a fresh checkout has someone to sign in as. */
export const DEMO = {
  clientNumber: '20260000001',
  companyName: 'Demo Cloud Co., Ltd.',
  /** A tax ID that passes the checksum (isCompanyId), as a real company's would. */
  identityNumber: '04595257',
  rootEmail: 'demo@example.com',
  iamAccount: 'viewer',
  iamEmail: 'viewer@example.com',
} as const;

/**
 * Create the demo client with its root user (two-factor on, so the code step can be tried) and a
 * read-only IAM user. Returns false when the demo client already exists: a second start, or a
 * demo user's changed password, is left alone.
 */
export async function seedDemo(
  db: Db,
  hashPassword: (password: string) => Promise<string>,
  password: string,
) {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [client] = await tx
      .insert(clients)
      .values({
        clientNumber: DEMO.clientNumber,
        identityType: 'COMPANY',
        identityNumber: DEMO.identityNumber,
        companyName: DEMO.companyName,
        contactName: 'Demo Contact',
        contactTel: '0223456789',
        contactMobile: '0912345678',
      })
      .onConflictDoNothing({ target: clients.clientNumber })
      .returning();
    if (!client) return false;
    const now = new Date();
    await tx.insert(users).values([
      {
        clientId: client.id,
        isRoot: true,
        account: DEMO.rootEmail,
        email: DEMO.rootEmail,
        passwordHash,
        twoFa: true,
        lastSetPasswordAt: now,
      },
      {
        clientId: client.id,
        isRoot: false,
        account: DEMO.iamAccount,
        email: DEMO.iamEmail,
        passwordHash,
        roles: ['readOnly'],
        lastSetPasswordAt: now,
      },
    ]);
    return true;
  });
}

export async function demoClientId(db: Db): Promise<string> {
  const [client] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.clientNumber, DEMO.clientNumber));
  if (!client) throw new Error('the demo client is missing');
  return client.id;
}
