import { eq } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, type Language } from '@portal/shared';
import type { Db } from '../db/database.js';
import { announcements, clients, users } from '../db/schema/index.js';

/** The demo tenant of the embedded default, so a fresh checkout has someone to sign in as. */
export const DEMO = {
  clientNumber: '20260000001',
  /** A tax ID that passes the checksum (isCompanyId), as a real company's would. */
  identityNumber: '04595257',
  rootEmail: 'demo@example.com',
  iamAccount: 'viewer',
  iamEmail: 'viewer@example.com',
  /** The demo staff account of the operations console (/#/ops/login), on the same password. */
  staffEmail: 'ops@example.com',
} as const;

/** The demo company and its contact, named in the demo customer's language (DEMO_LANGUAGE). */
export const DEMO_NAMES: Record<Language, { companyName: string; contactName: string }> = {
  'zh-TW': { companyName: '示範雲端股份有限公司', contactName: '王小明' },
  en: { companyName: 'Demo Cloud Co., Ltd.', contactName: 'Demo Contact' },
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Create the demo client with its root user (two-factor on, so the code step can be tried), a
 * read-only IAM user and one current announcement (a year long, so a kept demo still shows it),
 * the company named in `language`. Returns false when the demo client already exists: a second
 * start, or a demo user's changed password, is left alone.
 */
export async function seedDemo(
  db: Db,
  hashPassword: (password: string) => Promise<string>,
  password: string,
  language: Language = DEFAULT_LANGUAGE,
) {
  const passwordHash = await hashPassword(password);
  const names = DEMO_NAMES[language];
  return db.transaction(async (tx) => {
    const [client] = await tx
      .insert(clients)
      .values({
        clientNumber: DEMO.clientNumber,
        identityType: 'COMPANY',
        identityNumber: DEMO.identityNumber,
        companyName: names.companyName,
        contactName: names.contactName,
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
    await tx.insert(announcements).values({
      titleC: '歡迎使用雲端服務入口網站',
      titleE: 'Welcome to the cloud portal',
      bodyC: '服務公告會顯示在此。例行維護將於每月第一個星期日 02:00–04:00（台北時間）進行，期間服務不中斷。',
      bodyE:
        'Service announcements appear here. Routine maintenance runs on the first Sunday of each month, 02:00–04:00 Taipei time, without interrupting your services.',
      level: 'info',
      startsAt: new Date(now.getTime() - DAY_MS),
      endsAt: new Date(now.getTime() + 365 * DAY_MS),
      createdBy: 'demo-seed',
      updatedBy: 'demo-seed',
    });
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
