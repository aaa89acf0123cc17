import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { isCloudReason, type Language } from '@portal/shared';
import { demoClientId, DEMO, seedDemo } from '../src/seed/demo-seed.js';
import {
  clients,
  cloudExchanges,
  firewallRules,
  firewalls,
  ticketResponses,
  tickets,
} from '../src/db/schema/index.js';
import { MODULES } from '../src/modules/index.js';
import { seedDemoModules } from '../src/platform/modules/demo-seeds.js';
import { createPasswordHasher } from '../src/platform/passwords.js';
import { createSecretBox, loadSecretKey } from '../src/platform/secret-box.js';
import { s3BucketName } from '../src/storage/buckets/bucket-names.js';
import { build, TEST_PASSWORD, type TestApp } from './build.js';

/**
 * DEMO_LANGUAGE: the demo customer writes in its language. Seeded as the server seeds it at start,
 * every free text a person reads (the company, its firewall rules' remarks, its tickets and the
 * answers, its bucket's README) is in Traditional Chinese for zh-TW and in English for en.
 */
const HAN = /\p{Script=Han}/u;

describe.each<Language>(['zh-TW', 'en'])('the demo customer seeded in %s', (language) => {
  let t: TestApp;
  let clientId: string;
  beforeAll(async () => {
    t = await build();
    const passwords = createPasswordHasher('test');
    expect(await seedDemo(t.db, passwords.hash, TEST_PASSWORD, language)).toBe(true);
    clientId = await demoClientId(t.db);
    // Through the server's own seeding (every module's demo seed), so a seeder it forgets to hand
    // the language to fails here.
    const secrets = createSecretBox(await loadSecretKey(t.config.secretsKey, t.config.dataDir));
    const ctx = {
      db: t.db,
      clientId,
      language,
      secrets,
      buckets: t.app.buckets,
      passwords,
      password: TEST_PASSWORD,
      cloudDriver: t.config.cloudDriver,
    };
    await seedDemoModules(MODULES, ctx, true);
  });
  afterAll(() => t.close());

  /** Chinese when the language is, and no Chinese in English. */
  const inLanguage = (texts: string[]) => {
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(HAN.test(text), text).toBe(language === 'zh-TW');
  };

  it('names the company and its contact in the language, as the account page shows them', async () => {
    const login = await t.login({
      root: DEMO.clientNumber,
      iamAccount: DEMO.iamAccount,
      password: TEST_PASSWORD,
    });
    const token = (login.json() as { data: { token: string } }).data.token;
    const info = await t.request('GET', '/api/client/info', { token });
    const { companyName } = (info.json() as { data: { companyName: string } }).data;
    const [client] = await t.db.select().from(clients).where(eq(clients.id, clientId));
    expect(companyName).toBe(client!.companyName);
    expect(companyName).toBe(language === 'zh-TW' ? '示範雲端股份有限公司' : 'Demo Cloud Co., Ltd.');
    inLanguage([client!.companyName, client!.contactName]);
  });

  it("writes every firewall rule's remark in the language, the default firewall's too", async () => {
    const rules = await t.db
      .select({ firewall: firewalls.name, remark: firewallRules.remark })
      .from(firewallRules)
      .innerJoin(firewalls, eq(firewalls.id, firewallRules.firewallId))
      .where(eq(firewallRules.clientId, clientId));
    inLanguage(rules.map((r) => r.remark));
    expect(
      rules
        .filter((r) => r.firewall === 'default')
        .map((r) => r.remark)
        .sort(),
    ).toEqual(
      language === 'zh-TW'
        ? ['VPC 內部流量', '所有 IPv4 對外流量', '所有 IPv6 對外流量']
        : ['All outbound IPv4', 'All outbound IPv6', 'Traffic within the VPC'],
    );
  });

  it('keeps why the cloud refused a firewall or an exchange as a code the page words', async () => {
    const reasons = [
      ...(await t.db
        .select({ reason: firewalls.statusReason })
        .from(firewalls)
        .where(eq(firewalls.clientId, clientId))),
      ...(await t.db
        .select({ reason: cloudExchanges.statusReason })
        .from(cloudExchanges)
        .where(eq(cloudExchanges.clientId, clientId))),
    ].flatMap((r) => (r.reason ? [r.reason] : []));
    expect(reasons).toHaveLength(2);
    for (const reason of reasons) expect(isCloudReason(reason), reason).toBe(true);
  });

  it('writes the tickets and every answer in the language, and mails them in it', async () => {
    const opened = await t.db.select().from(tickets).where(eq(tickets.clientId, clientId));
    expect(opened).toHaveLength(3);
    expect(new Set(opened.map((ticket) => ticket.lang))).toEqual(new Set([language]));
    inLanguage(opened.map((ticket) => ticket.remark));
    const answers = await t.db.select().from(ticketResponses).where(eq(ticketResponses.clientId, clientId));
    // A status change without words (picked up, closed) has no text.
    inLanguage(answers.map((a) => a.text).filter((text) => text !== ''));
  });

  it("writes the backups bucket's README in the language", async () => {
    const object = await t.app.buckets.client.send(
      new GetObjectCommand({ Bucket: s3BucketName(clientId, 'acme-backups'), Key: 'README.txt' }),
    );
    inLanguage([await object.Body!.transformToString()]);
  });
});
