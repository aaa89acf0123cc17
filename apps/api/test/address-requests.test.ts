import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './build.js';
import { emailLinks, registrations } from '../src/db/schema/index.js';
import { createPasswordService } from '../src/modules/password/service.js';
import { createRegistrationService } from '../src/modules/registration/service.js';
import type { Captchas } from '../src/platform/captcha.js';
import type { Jobs } from '../src/platform/jobs/index.js';
import type { MailQueue } from '../src/platform/mail/mail-queue.js';
import { createPasswordHasher } from '../src/platform/passwords.js';
import { createSessionStore } from '../src/platform/sessions.js';

/**
 * A request about an address (reset my password, where is my registration) must take as long
 * whether or not the address is known: it may not even look. These run the services against
 * recording job and mail queues and compare what each request did for a known and an unknown
 * address.
 */
let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const newEmail = () => `addr-${randomInt(1e9)}@example.com`;

function recorder() {
  const done: string[] = [];
  const jobs = {
    async send(queue: string, data: object) {
      done.push(`job ${queue} ${Object.keys(data).sort().join(',')}`);
      return 'job-id';
    },
  } as unknown as Jobs;
  const mail: MailQueue = {
    async send(m) {
      done.push(`mail ${m.subject}`);
    },
  };
  const captchas = { check: async () => undefined } as unknown as Captchas;
  return { done, jobs, mail, captchas };
}

/** What one request did: queue and mail calls, and the link rows it left for the address. */
async function requestDid(run: (r: ReturnType<typeof recorder>) => Promise<unknown>, email: string) {
  const r = recorder();
  await run(r);
  const rows = await t.db
    .select({ kind: emailLinks.kind, userId: emailLinks.userId, registrationId: emailLinks.registrationId })
    .from(emailLinks)
    .where(eq(sql`lower(${emailLinks.email})`, email.toLowerCase()));
  return { done: r.done, rows };
}

describe('requests about an address do the same work whether or not it is known', () => {
  it('password reset: records the request and queues the job, mails nothing itself', async () => {
    const forget = (email: string) => (r: ReturnType<typeof recorder>) =>
      createPasswordService({
        db: t.db,
        clock: t.clock,
        mail: r.mail,
        jobs: r.jobs,
        captchas: r.captchas,
        passwords: createPasswordHasher('test'),
        sessions: createSessionStore(t.db, t.clock),
        publicUrl: 'http://portal.test',
      }).forget({ email, captchaId: 'c', captcha: 'c' }, 'en');
    const { root } = await t.createTenant();
    const unknown = newEmail();
    const known = await requestDid(forget(root.account), root.account);
    const notKnown = await requestDid(forget(unknown), unknown);
    expect(known).toEqual(notKnown);
    expect(known.done).toEqual(['job password.resetLink email,lang,requestHash']);
  });

  it('registration progress: records the request and queues the job, mails nothing itself', async () => {
    const query = (email: string) => (r: ReturnType<typeof recorder>) =>
      createRegistrationService({
        db: t.db,
        clock: t.clock,
        mail: r.mail,
        jobs: r.jobs,
        captchas: r.captchas,
        store: undefined as never,
        publicUrl: 'http://portal.test',
      }).query({ email, captchaId: 'c', captcha: 'c' }, 'en');
    const registered = newEmail();
    await t.db.insert(registrations).values({
      email: registered,
      state: 'REGISTER_UNDER_REVIEW',
      lang: 'en',
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    });
    const unknown = newEmail();
    const known = await requestDid(query(registered), registered);
    const notKnown = await requestDid(query(unknown), unknown);
    expect(known).toEqual(notKnown);
    expect(known.done).toEqual(['job registration.queryLink email,lang,requestHash']);
  });
});
