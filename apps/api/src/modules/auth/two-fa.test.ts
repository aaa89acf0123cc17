import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { body, build, type TestApp } from '../../../test/build.js';
import { maskEmail } from './two-fa.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

interface Challenge {
  twoFa: true;
  challenge: string;
  email: string;
}

/** A root user with two-factor on, past the password step. */
async function startTwoFa(headers: Record<string, string> = {}) {
  const tenant = await t.createTenant({ twoFa: true });
  const response = await t.login(t.loginBody(tenant.root, tenant.client), { headers });
  expect(response.statusCode).toBe(200);
  const { challenge, email, twoFa } = body<{ data: Challenge }>(response).data;
  expect(twoFa).toBe(true);
  return { ...tenant, challenge, email, to: tenant.root.account };
}

const verify = (challenge: string, code: string) =>
  t.request('POST', '/api/auth/2fa/verify', { body: { challenge, tfa_code: code } });
const resend = (challenge: string, headers: Record<string, string> = {}) =>
  t.request('POST', '/api/auth/2fa/resend', { body: { challenge }, headers });

/** A six-digit code that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('two-factor sign-in', () => {
  it('answers a challenge instead of a token, mails a code, and the code signs in once', async () => {
    const { challenge, email, to } = await startTwoFa();
    expect(email).toBe(maskEmail(to));
    expect(email).toMatch(/^r\*\*\*@example\.com$/);
    expect(challenge.length).toBeGreaterThanOrEqual(43);

    const mail = await t.outbox.last(to);
    expect(mail.subject).toContain('5');
    const code = await t.outbox.code(to);
    const ok = await verify(challenge, code);
    expect(ok.statusCode).toBe(200);
    const token = body<{ data: { token: string } }>(ok).data.token;
    expect((await t.request('GET', '/api/client/info', { token })).statusCode).toBe(200);

    // The same code again (a double click): the sign-in stands and no second session opens.
    const again = await verify(challenge, code);
    expect(again.statusCode).toBe(400);
    expect(body(again).msg).toBe('REPEAT_LOGIN');
    expect(body(again)).not.toHaveProperty('data');
  });

  it('writes the mail in the language of the request', async () => {
    const en = await startTwoFa({ 'accept-language': 'en-US,en;q=0.9' });
    const enMail = await t.outbox.last(en.to);
    expect(enMail.subject).toBe('Your sign-in verification code (valid 5 minutes)');
    expect(enMail.text).toContain('valid for 5 minutes');
    expect(enMail.lang).toBe('en');

    const zh = await startTwoFa();
    const zhMail = await t.outbox.last(zh.to);
    expect(zhMail.subject).toBe('您的登入驗證碼（5 分鐘內有效）');
    expect(zhMail.text).toContain(await t.outbox.code(zh.to));
    expect(zhMail.lang).toBe('zh-TW');
  });

  it('counts wrong codes and ends the challenge at the fifth', async () => {
    const { challenge, to } = await startTwoFa();
    const wrong = otherThan(await t.outbox.code(to));
    for (let i = 0; i < 4; i++) expect(body(await verify(challenge, wrong)).msg).toBe('TWO_FA_CODE_ERROR');
    expect(body(await verify(challenge, wrong)).msg).toBe('CAN_NOT_FIND_2FA');
    // Dead even for the right code now.
    expect(body(await verify(challenge, await t.outbox.code(to))).msg).toBe('CAN_NOT_FIND_2FA');
  });

  it('resend mails a new code, kills the old one and keeps the wrong-try count', async () => {
    const { challenge, to, email } = await startTwoFa();
    const first = await t.outbox.code(to);
    for (let i = 0; i < 3; i++) await verify(challenge, otherThan(first));

    // Codes are random: resend until the new one differs, so the old one can be seen to die.
    let second = first;
    while (second === first) {
      t.clock.advance(30_000);
      const resent = await resend(challenge);
      expect(resent.statusCode).toBe(200);
      expect(body(resent).data).toEqual({ email });
      second = await t.outbox.code(to);
    }
    expect(body(await verify(challenge, first)).msg).toBe('TWO_FA_CODE_ERROR');
    // That was the fourth wrong try; the fifth ends the challenge, new code or not.
    expect(body(await verify(challenge, otherThan(second))).msg).toBe('CAN_NOT_FIND_2FA');
    expect(body(await verify(challenge, second)).msg).toBe('CAN_NOT_FIND_2FA');
  });

  it('resend within 30 seconds of the last code answers 429 TRY_AGAIN_LATER', async () => {
    const { challenge } = await startTwoFa();
    t.clock.advance(10_000);
    const early = await resend(challenge);
    expect(early.statusCode).toBe(429);
    expect(body(early).msg).toBe('TRY_AGAIN_LATER');
    expect(early.headers['retry-after']).toBe('20');
    t.clock.advance(20_000);
    expect((await resend(challenge)).statusCode).toBe(200);
    expect((await resend(challenge)).statusCode).toBe(429);
  });

  it('a code older than 5 minutes is VERIFY_CODE_ERROR, and a resent code then works', async () => {
    const { challenge, to } = await startTwoFa();
    const code = await t.outbox.code(to);
    t.clock.advance(5 * 60 * 1000);
    expect(body(await verify(challenge, code)).msg).toBe('VERIFY_CODE_ERROR');
    expect((await resend(challenge)).statusCode).toBe(200);
    expect((await verify(challenge, await t.outbox.code(to))).statusCode).toBe(200);
  });

  it('a challenge lasts 15 minutes however many codes are sent', async () => {
    const { challenge, to } = await startTwoFa();
    t.clock.advance(14 * 60 * 1000);
    expect((await resend(challenge)).statusCode).toBe(200);
    t.clock.advance(60 * 1000);
    expect(body(await verify(challenge, await t.outbox.code(to))).msg).toBe('CAN_NOT_FIND_2FA');
    expect(body(await resend(challenge)).msg).toBe('CAN_NOT_FIND_2FA');
  });

  it('an unknown challenge is CAN_NOT_FIND_2FA, a malformed code FORMAT_ERROR', async () => {
    expect(body(await verify('no-such-challenge', '123456')).msg).toBe('CAN_NOT_FIND_2FA');
    expect(body(await resend('no-such-challenge')).msg).toBe('CAN_NOT_FIND_2FA');
    const malformed = await verify('x', '12ab');
    expect(body(malformed)).toEqual({
      msg: 'FORMAT_ERROR',
      errors: [{ path: 'tfa_code', message: 'validation.needBeOtp' }],
    });
  });

  it('a user locked between the password and the code is refused', async () => {
    const { challenge, to, root } = await startTwoFa();
    await t.setLocked(root, true);
    expect(body(await verify(challenge, await t.outbox.code(to))).msg).toBe('ACCOUNT_IS_LOCK');
  });

  it('an IAM user with two-factor gets the code at its own address', async () => {
    const { client } = await t.createTenant();
    const iam = await t.createIam(client, { twoFa: true, email: 'Night.Shift@example.com' });
    const response = await t.login(t.loginBody(iam, client));
    expect(body<{ data: Challenge }>(response).data.email).toBe('N***@example.com');
    const code = await t.outbox.code('night.shift@example.com');
    const { challenge } = body<{ data: Challenge }>(response).data;
    expect((await verify(challenge, code)).statusCode).toBe(200);
  });
});

describe('wrong codes across sign-ins (the account-wide bound)', () => {
  /** Sign in again with the right password, as a guesser who knows it would. */
  const signInAgain = (tenant: Awaited<ReturnType<typeof startTwoFa>>) =>
    t.login(t.loginBody(tenant.root, tenant.client));
  const challengeOf = (response: Awaited<ReturnType<typeof signInAgain>>) =>
    body<{ data: Challenge }>(response).data.challenge;
  const HOUR = 60 * 60 * 1000;

  /**
   * Ten wrong codes in two fresh sign-ins: the tenth locks the account's two-factor step. A third
   * challenge, opened before and never guessed at, is kept aside with its code.
   */
  async function guessTenTimes() {
    const tenant = await startTwoFa();
    const wrong = otherThan(await t.outbox.code(tenant.to));
    const spare = challengeOf(await signInAgain(tenant));
    const spareCode = await t.outbox.code(tenant.to);
    for (let i = 0; i < 4; i++)
      expect(body(await verify(tenant.challenge, wrong)).msg).toBe('TWO_FA_CODE_ERROR');
    expect(body(await verify(tenant.challenge, wrong)).msg).toBe('CAN_NOT_FIND_2FA');
    const second = challengeOf(await signInAgain(tenant));
    const code = await t.outbox.code(tenant.to);
    for (let i = 0; i < 4; i++)
      expect(body(await verify(second, otherThan(code))).msg).toBe('TWO_FA_CODE_ERROR');
    const tenth = await verify(second, otherThan(code));
    return { tenant, tenth, spare, spareCode };
  }

  it('lock the account at the tenth, whichever sign-in they came in, and say for how long', async () => {
    const { tenant, tenth, spare, spareCode } = await guessTenTimes();
    expect(tenth.statusCode).toBe(429);
    expect(body(tenth)).toEqual({ msg: 'TWO_FA_LOCKED' });
    expect(tenth.headers['retry-after']).toBe('3600');

    // Locked: not the right code of a live challenge, nor a resend, nor a fresh sign-in (which
    // mails no code either).
    expect(body(await verify(spare, spareCode)).msg).toBe('TWO_FA_LOCKED');
    t.clock.advance(30_000);
    expect(body(await resend(spare)).msg).toBe('TWO_FA_LOCKED');
    const mails = (await t.outbox.list(tenant.to)).length;
    const again = await signInAgain(tenant);
    expect(again.statusCode).toBe(429);
    expect(body(again).msg).toBe('TWO_FA_LOCKED');
    expect(Number(again.headers['retry-after'])).toBe(3600 - 30);
    expect(await t.outbox.list(tenant.to)).toHaveLength(mails);
  });

  it('the lock ends by itself after an hour; another wrong code that day locks again; a right one clears', async () => {
    const { tenant } = await guessTenTimes();
    t.clock.advance(HOUR);
    const afterLock = challengeOf(await signInAgain(tenant));
    const code = await t.outbox.code(tenant.to);
    expect((await verify(afterLock, otherThan(code))).statusCode).toBe(429);

    t.clock.advance(HOUR);
    const open = challengeOf(await signInAgain(tenant));
    expect((await verify(open, await t.outbox.code(tenant.to))).statusCode).toBe(200);
    // Cleared: nine more wrong codes lock nothing.
    const next = challengeOf(await signInAgain(tenant));
    const wrong = otherThan(await t.outbox.code(tenant.to));
    for (let i = 0; i < 4; i++) await verify(next, wrong);
    const last = challengeOf(await signInAgain(tenant));
    const lastWrong = otherThan(await t.outbox.code(tenant.to));
    for (let i = 0; i < 4; i++) expect(body(await verify(last, lastWrong)).msg).toBe('TWO_FA_CODE_ERROR');
  });

  it('forgets wrong codes older than a day', async () => {
    const tenant = await startTwoFa();
    const wrong = otherThan(await t.outbox.code(tenant.to));
    for (let i = 0; i < 5; i++) await verify(tenant.challenge, wrong);
    t.clock.advance(24 * HOUR);
    const fresh = challengeOf(await signInAgain(tenant));
    const code = await t.outbox.code(tenant.to);
    for (let i = 0; i < 4; i++)
      expect(body(await verify(fresh, otherThan(code))).msg).toBe('TWO_FA_CODE_ERROR');
    // The fifth of this challenge ends it; the count of the day is five, far from the lock.
    expect(body(await verify(fresh, otherThan(code))).msg).toBe('CAN_NOT_FIND_2FA');
  });

  it('a password reset lifts the lock at once', async () => {
    const { tenant } = await guessTenTimes();
    const captcha = body<{ data: { id: string } }>(await t.request('GET', '/api/captcha')).data.id;
    const answer = body<{ data: { answer: string } }>(await t.request('GET', `/api/dev/captcha/${captcha}`))
      .data.answer;
    await t.request('POST', '/api/password/forget', {
      body: { email: tenant.to, captchaId: captcha, captcha: answer },
    });
    const guid = /#\/resetPassword\/([A-Za-z0-9_-]+)/.exec((await t.outbox.last(tenant.to)).text)?.[1];
    const password = 'Another-Passw0rd-2026!';
    const reset = await t.request('POST', `/api/password/reset/${guid}`, {
      body: { password, confirm: password },
    });
    expect(reset.statusCode).toBe(200);

    const login = await t.login({ account: tenant.to, password });
    expect(login.statusCode).toBe(200);
    const { challenge } = body<{ data: Challenge }>(login).data;
    expect((await verify(challenge, await t.outbox.code(tenant.to))).statusCode).toBe(200);
  });

  it('are in the audit log of the client, the lock too', async () => {
    const { tenant } = await guessTenTimes();
    expect((await signInAgain(tenant)).statusCode).toBe(429);
    const rows = await t.db
      .select({ action: auditLog.action, detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.clientId, tenant.client.id));
    const reasons = rows
      .filter((r) => r.action === 'auth.twoFaFailed')
      .map((r) => (r.detail as { reason: string }).reason);
    expect(reasons.filter((r) => r === 'TWO_FA_CODE_ERROR')).toHaveLength(8);
    // The tenth code, and the sign-in refused after it.
    expect(reasons.filter((r) => r === 'TWO_FA_LOCKED')).toHaveLength(2);
  });
});

describe('maskEmail', () => {
  it('keeps the first letter and the domain', () => {
    expect(maskEmail('alice@example.com')).toBe('a***@example.com');
    expect(maskEmail('a@b.co')).toBe('a***@b.co');
    expect(maskEmail('broken')).toBe('***');
  });
});
