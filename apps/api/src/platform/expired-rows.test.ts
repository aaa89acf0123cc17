import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegisterState } from '@portal/shared';
import { body, build, type TestApp } from '../../test/build.js';
import type { ClientRow, UserRow } from '../db/schema/index.js';
import {
  captchas,
  emailLinks,
  registrations,
  sessions,
  staffSessions,
  twoFaChallenges,
  twoFaFailures,
} from '../db/schema/index.js';
import { JOB_SCHEMA } from './jobs/index.js';
import { CLEANUP_CRON, CLEANUP_QUEUE, deleteExpired } from './expired-rows.js';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const key = () => randomBytes(12).toString('hex');

let t: TestApp;
let tenant: { client: ClientRow; root: UserRow };
let staffId: string;
beforeAll(async () => {
  t = await build();
  tenant = await t.createTenant();
  staffId = (await t.createStaff('ops@cleanup.example')).id;
});
afterAll(() => t.close());

/** Keys left of the given ones in a table. */
async function left<T extends { key: string }>(rows: Promise<T[]>, keys: string[]) {
  return (await rows)
    .map((r) => r.key)
    .filter((k) => keys.includes(k))
    .sort();
}

describe('deleting expired rows', () => {
  it('runs every ten minutes as a pg-boss schedule', async () => {
    const { rows } = await t.database.sqlExecutor.executeSql(
      `SELECT cron FROM ${JOB_SCHEMA}.schedule WHERE name = $1`,
      [CLEANUP_QUEUE],
    );
    expect(rows).toEqual([{ cron: CLEANUP_CRON }]);
    expect(CLEANUP_CRON).toBe('*/10 * * * *');
  });

  it('deletes sessions, staff sessions, challenges and captchas once expired, ended or used', async () => {
    const now = t.clock.now();
    const at = (ms: number) => new Date(now.getTime() + ms);
    const { client, root } = tenant;
    const session = (k: string, expiresAt: Date, revokedAt: Date | null = null) => ({
      tokenHash: k,
      userId: root.id,
      clientId: client.id,
      expiresAt,
      revokedAt,
    });
    const [liveS, deadS, endedS] = [key(), key(), key()];
    await t.db
      .insert(sessions)
      .values([session(liveS, at(HOUR)), session(deadS, at(-1)), session(endedS, at(HOUR), now)]);
    const [liveT, deadT] = [key(), key()];
    await t.db.insert(staffSessions).values([
      { tokenHash: liveT, staffId, expiresAt: at(HOUR) },
      { tokenHash: deadT, staffId, expiresAt: at(-1) },
    ]);
    const challenge = (id: string, expiresAt: Date, consumedAt: Date | null = null) => ({
      id,
      userId: root.id,
      codeHash: 'x',
      codeExpiresAt: expiresAt,
      lastSentAt: now,
      expiresAt,
      consumedAt,
    });
    const [liveC, deadC, usedC] = [key(), key(), key()];
    await t.db
      .insert(twoFaChallenges)
      .values([challenge(liveC, at(15 * MINUTE)), challenge(deadC, at(-1)), challenge(usedC, at(HOUR), now)]);
    const [liveK, deadK] = [key(), key()];
    await t.db.insert(captchas).values([
      { id: liveK, answer: 'abcde', expiresAt: at(5 * MINUTE) },
      { id: deadK, answer: 'abcde', expiresAt: at(-1) },
    ]);

    const deleted = await deleteExpired(t.db, now);
    expect(deleted).toMatchObject({ sessions: 2, staffSessions: 1, twoFaChallenges: 2, captchas: 1 });
    const { db } = t;
    expect(await left(db.select({ key: sessions.tokenHash }).from(sessions), [liveS, deadS, endedS])).toEqual(
      [liveS],
    );
    expect(
      await left(db.select({ key: staffSessions.tokenHash }).from(staffSessions), [liveT, deadT]),
    ).toEqual([liveT]);
    expect(
      await left(db.select({ key: twoFaChallenges.id }).from(twoFaChallenges), [liveC, deadC, usedC]),
    ).toEqual([liveC]);
    expect(await left(db.select({ key: captchas.id }).from(captchas), [liveK, deadK])).toEqual([liveK]);
  });

  it('forgets counts of wrong two-factor codes once their day has passed and no lock holds', async () => {
    const now = t.clock.now();
    const at = (ms: number) => new Date(now.getTime() + ms);
    const [stale, staleLocked, fresh] = [
      await t.createTenant(),
      await t.createTenant(),
      await t.createTenant(),
    ];
    await t.db.insert(twoFaFailures).values([
      { userId: stale.root.id, failures: 12, since: at(-25 * HOUR), lockedUntil: at(-HOUR) },
      { userId: staleLocked.root.id, failures: 30, since: at(-25 * HOUR), lockedUntil: at(HOUR) },
      { userId: fresh.root.id, failures: 3, since: at(-HOUR), lockedUntil: null },
    ]);
    expect((await deleteExpired(t.db, now)).twoFaFailures).toBe(1);
    const kept = await t.db.select({ userId: twoFaFailures.userId }).from(twoFaFailures);
    expect(kept.map((r) => r.userId).sort()).toEqual([staleLocked.root.id, fresh.root.id].sort());
  });

  it('keeps mailed links for the 24 hours their once-a-day rule counts them, and a submitted application’s link', async () => {
    const now = t.clock.now();
    const at = (ms: number) => new Date(now.getTime() + ms);
    const [review, draft] = await t.db
      .insert(registrations)
      .values([
        { email: 'review@example.com', state: RegisterState.REGISTER_UNDER_REVIEW, lang: 'en' },
        { email: 'draft@example.com', state: RegisterState.REGISTER_NOT_COMPLETED, lang: 'en' },
      ])
      .returning();
    const link = (
      kind: 'register' | 'resetPassword',
      createdAt: Date,
      expiresAt: Date,
      registrationId?: string,
    ) => ({
      tokenHash: key(),
      kind,
      email: 'someone@example.com',
      registrationId: registrationId ?? null,
      createdAt,
      expiresAt,
    });
    const reset = link('resetPassword', now, at(HOUR));
    const underReview = link('register', now, at(24 * HOUR), review!.id);
    const abandoned = link('register', now, at(24 * HOUR), draft!.id);
    await t.db.insert(emailLinks).values([reset, underReview, abandoned]);
    const keys = [reset, underReview, abandoned].map((l) => l.tokenHash);
    const remaining = () => left(t.db.select({ key: emailLinks.tokenHash }).from(emailLinks), keys);

    // The reset link died after an hour, but the day's rule still counts it.
    await deleteExpired(t.db, at(2 * HOUR));
    expect(await remaining()).toEqual([...keys].sort());

    // A day on, only the link of the application under review is left.
    expect((await deleteExpired(t.db, at(24 * HOUR + 1))).emailLinks).toBe(2);
    expect(await remaining()).toEqual([underReview.tokenHash]);
  });

  it('leaves the once-a-day rule intact: a second reset within the day is still refused', async () => {
    const { root } = tenant;
    const captcha = async () => {
      const c = body<{ data: { id: string } }>(await t.request('GET', '/api/captcha')).data;
      const a = body<{ data: { answer: string } }>(await t.request('GET', `/api/dev/captcha/${c.id}`)).data;
      return { captchaId: c.id, captcha: a.answer };
    };
    const forget = async () =>
      t.request('POST', '/api/password/forget', { body: { email: root.account, ...(await captcha()) } });
    expect((await forget()).statusCode).toBe(200);
    t.clock.advance(2 * HOUR);
    await deleteExpired(t.db, t.clock.now());
    expect(body(await forget()).msg).toBe('PASSWORD_RESET_REPEAT');
    t.clock.advance(23 * HOUR);
    await deleteExpired(t.db, t.clock.now());
    expect((await forget()).statusCode).toBe(200);
  });
});
