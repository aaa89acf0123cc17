import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ONE_REQUEST_PER_MS, REGISTER_RESEND_SECONDS } from '@portal/shared';
import { body, build, type TestApp } from '../../../test/build.js';
import { clients, emailLinks } from '../../db/schema/index.js';
import { newLinkToken } from '../../platform/email-links.js';
import { createPasswordHasher } from '../../platform/passwords.js';
import { newCompanyId, newPersonId } from '../../../test/identity-numbers.js';
import { createStaff } from './staff-accounts.js';
import { PDF, PNG, REGISTRATION_INFO, linkOf, multipart } from './registration-test-data.js';

const INFO = REGISTRATION_INFO;

let t: TestApp;
let staffToken: string;
const STAFF_PASSWORD = 'Staff-Passw0rd-2026!';
beforeAll(async () => {
  t = await build();
  await createStaff(t.db, createPasswordHasher('test'), 'ops@test.example', STAFF_PASSWORD);
});
// Earlier tests move the clock by days, past a staff session's 8 hours: sign in afresh.
beforeEach(async () => {
  const r = await t.request('POST', '/api/ops/login', {
    body: { email: 'ops@test.example', password: STAFF_PASSWORD },
  });
  staffToken = body<{ data: { token: string } }>(r).data.token;
});
afterAll(() => t.close());

const newEmail = () => `reg-${randomInt(1e9)}@example.com`;

async function captcha() {
  const c = body<{ data: { id: string } }>(await t.request('GET', '/api/captcha')).data;
  const a = body<{ data: { answer: string } }>(await t.request('GET', `/api/dev/captcha/${c.id}`)).data;
  return { captchaId: c.id, captcha: a.answer };
}
const post = async (url: string, email: string) =>
  t.request('POST', url, { body: { email, ...(await captcha()) } });

async function registerLink(email = newEmail()) {
  expect((await post('/api/register', email)).statusCode).toBe(200);
  return { email, guid: linkOf((await t.outbox.last(email)).text, 'registerInfoInput') };
}

const upload = (guid: string, doc: string, name: string, bytes: Buffer, type?: string) =>
  t.request('PUT', `/api/register/info/${guid}/docs/${doc}`, multipart(name, bytes, type));
const submit = (guid: string, info: object = { ...INFO, identity_number: newCompanyId() }) =>
  t.request('POST', `/api/register/info/${guid}/submit`, { body: info });

describe('captcha', () => {
  it('is an SVG whose answer is lowercase alphanumeric and works once', async () => {
    const r = body<{ data: { id: string; svg: string } }>(await t.request('GET', '/api/captcha')).data;
    expect(r.svg).toContain('<svg');
    const { answer } = body<{ data: { answer: string } }>(
      await t.request('GET', `/api/dev/captcha/${r.id}`),
    ).data;
    expect(answer).toMatch(/^[a-z0-9]{5}$/);
    const email = newEmail();
    const ok = await t.request('POST', '/api/register', {
      body: { email, captchaId: r.id, captcha: answer },
    });
    expect(ok.statusCode).toBe(200);
    const again = await t.request('POST', '/api/register', {
      body: { email: newEmail(), captchaId: r.id, captcha: answer },
    });
    expect(body(again).msg).toBe('CAPTCHA_NOT_MATCH');
  });
  it('refuses a wrong answer with CAPTCHA_NOT_MATCH', async () => {
    const c = await captcha();
    const r = await t.request('POST', '/api/register', {
      body: { email: newEmail(), captchaId: c.captchaId, captcha: 'zzzzz' },
    });
    expect(body(r).msg).toBe('CAPTCHA_NOT_MATCH');
  });
  it('expires after five minutes', async () => {
    const c = await captcha();
    t.clock.advance(5 * 60 * 1000 + 1);
    expect(body(await t.request('POST', '/api/register', { body: { email: newEmail(), ...c } })).msg).toBe(
      'CAPTCHA_NOT_MATCH',
    );
  });
  it('is absent in production', async () => {
    const prod = await build({ config: { env: 'production' } });
    try {
      expect((await prod.request('GET', '/api/dev/captcha/x')).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('POST /api/register', () => {
  it('mails a verification link in the caller language', async () => {
    const email = newEmail();
    const r = await t.request('POST', '/api/register', {
      body: { email, ...(await captcha()) },
      headers: { 'accept-language': 'en' },
    });
    expect(body(r).data).toEqual({ email });
    const mail = await t.outbox.last(email);
    expect(mail.subject).toMatch(/Verify your email/);
    expect(linkOf(mail.text, 'registerInfoInput')).not.toBe('');
  });
  it('answers EMAIL_REPEAT for a second request within two minutes, TRY_AGAIN_LATER past five a day', async () => {
    const email = newEmail();
    await registerLink(email);
    expect(body(await post('/api/register', email)).msg).toBe('EMAIL_REPEAT');
    for (let i = 0; i < 4; i++) {
      t.clock.advance(3 * 60 * 1000);
      expect((await post('/api/register', email)).statusCode).toBe(200);
    }
    t.clock.advance(3 * 60 * 1000);
    const r = await post('/api/register', email);
    expect(r.statusCode).toBe(429);
    expect(body(r).msg).toBe('TRY_AGAIN_LATER');
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
  });
  it('sends the mail again once REGISTER_RESEND_SECONDS have passed since the first, not a second before', async () => {
    const email = newEmail();
    const first = await registerLink(email);
    t.clock.advance(REGISTER_RESEND_SECONDS * 1000 - 1000);
    const early = await post('/api/register', email);
    expect(early.statusCode).toBe(400);
    expect(body(early).msg).toBe('EMAIL_REPEAT');
    expect(await t.outbox.list(email)).toHaveLength(1);
    t.clock.advance(1000);
    const again = await post('/api/register', email);
    expect(body(again).data).toEqual({ email });
    const mails = await t.outbox.list(email);
    expect(mails).toHaveLength(2);
    // The new mail's link opens the same registration, as the first one's does.
    const second = linkOf((await t.outbox.last(email)).text, 'registerInfoInput');
    expect(second).not.toBe(first.guid);
    for (const guid of [first.guid, second]) {
      expect(
        body<{ data: { email: string } }>(await t.request('GET', `/api/register/info/${guid}`)).data.email,
      ).toBe(email);
    }
    // And the window counts from the resent mail.
    expect(body(await post('/api/register', email)).msg).toBe('EMAIL_REPEAT');
  });

  it('answers EMAIL_REGISTERED for an existing root user and an application under review', async () => {
    const { root } = await t.createTenant();
    expect(body(await post('/api/register', root.account)).msg).toBe('EMAIL_REGISTERED');
    const { email, guid } = await registerLink();
    expect((await submit(guid)).statusCode).toBe(200);
    t.clock.advance(3 * 60 * 1000);
    expect(body(await post('/api/register', email)).msg).toBe('EMAIL_REGISTERED');
  });
});

describe('registration form', () => {
  it('keeps a draft, checks identity numbers, submits once (REGISTER_APPLIED after)', async () => {
    const { email, guid } = await registerLink();
    const form = body<{ data: { email: string; state: string } }>(
      await t.request('GET', `/api/register/info/${guid}`),
    ).data;
    expect(form).toMatchObject({ email, state: 'REGISTER_NOT_COMPLETED' });
    const draft = await t.request('PUT', `/api/register/info/${guid}`, {
      body: { company_name: 'Half done' },
    });
    expect(body<{ data: { draft: object } }>(draft).data.draft).toEqual({ company_name: 'Half done' });

    const idError = async (info: object) =>
      body(await submit(guid, { ...INFO, ...info })).errors?.find((e) => e.path === 'identity_number')
        ?.message;
    // A checksum that fails is refused at once, whatever the type.
    expect(await idError({ identity_number: '04595258' })).toBe('validation.needBePersonOrCompanyId');
    expect(await idError({ identity_type: 'PERSONAL', identity_number: 'A123456788' })).toBe(
      'validation.needBePersonOrCompanyId',
    );
    // A valid number of the other kind: the identity type decides.
    expect(await idError({ identity_type: 'PERSONAL', identity_number: '04595257' })).toBe(
      'validation.needBePersonId',
    );
    expect(await idError({ identity_number: 'A123456789' })).toBe('validation.needBeCompanyId');
    const badMobile = await submit(guid, { ...INFO, contact_mobile: '912345678' });
    expect(body(badMobile).errors).toContainEqual({
      path: 'contact_mobile',
      message: 'validation.needBeMobile',
    });

    const ok = await submit(guid, { ...INFO, identity_type: 'PERSONAL', identity_number: newPersonId() });
    expect(body<{ data: { state: string } }>(ok).data.state).toBe('REGISTER_UNDER_REVIEW');
    expect(body(await submit(guid)).msg).toBe('REGISTER_APPLIED');
    expect(body(await t.request('PUT', `/api/register/info/${guid}`, { body: {} })).msg).toBe(
      'REGISTER_APPLIED',
    );
  });

  it('answers REGISTER_VERIFY_ERROR for an unknown link, LINK_EXPIRED for an old or decided one', async () => {
    const { guid } = await registerLink();
    expect(body(await t.request('GET', '/api/register/info/not-a-real-link-0000')).msg).toBe(
      'REGISTER_VERIFY_ERROR',
    );
    t.clock.advance(24 * 60 * 60 * 1000 + 1);
    expect(body(await t.request('GET', `/api/register/info/${guid}`)).msg).toBe('LINK_EXPIRED');
  });

  it('stores images and PDFs by their content and refuses others (415) and big ones (413)', async () => {
    const { guid } = await registerLink();
    const png = await upload(guid, 'doc1', 'id-front.png', PNG, 'image/png');
    expect(body(png).data).toEqual({ name: 'id-front.png', size: PNG.length, contentType: 'image/png' });
    const pdf = await upload(guid, 'companyDoc3', 'cert.pdf', PDF, 'application/pdf');
    expect(body<{ data: { contentType: string } }>(pdf).data.contentType).toBe('application/pdf');

    const exe = await upload(
      guid,
      'doc2',
      'setup.pdf',
      Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100)]),
      'application/pdf',
    );
    expect(exe.statusCode).toBe(415);
    const html = await upload(
      guid,
      'doc2',
      'photo.png',
      Buffer.from('<html><script>alert(1)</script></html>'),
      'image/png',
    );
    expect(html.statusCode).toBe(415);
    const big = await upload(guid, 'doc2', 'big.pdf', Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(body(big).msg).toBe('PAYLOAD_TOO_LARGE');

    const form = body<{ data: { docs: object } }>(await t.request('GET', `/api/register/info/${guid}`)).data;
    expect(Object.keys(form.docs).sort()).toEqual(['companyDoc3', 'doc1']);
    expect((await t.request('DELETE', `/api/register/info/${guid}/docs/doc1`)).statusCode).toBe(200);
  });
});

describe('one member, one account', () => {
  const applicationId = async (email: string) =>
    body<{ data: { id: string; email: string }[] }>(
      await t.request('GET', '/api/ops/applications', { token: staffToken }),
    ).data.find((a) => a.email === email)!.id;
  const state = async (guid: string) =>
    body<{ data: { state: string } }>(await t.request('GET', `/api/register/info/${guid}`)).data.state;
  const refused = {
    msg: 'USER_NUMBER_EXISTS',
    errors: [{ path: 'identity_number', message: 'apiError.USER_NUMBER_EXISTS' }],
  };

  it('refuses a second application while one with the same identity number is under review', async () => {
    const number = newCompanyId();
    const first = await registerLink();
    expect((await submit(first.guid, { ...INFO, identity_number: number })).statusCode).toBe(200);

    const second = await registerLink();
    const again = await submit(second.guid, { ...INFO, identity_number: number });
    expect(again.statusCode).toBe(400);
    expect(body(again)).toEqual(refused);
    // Refused, the second application is as it was: still to be completed.
    expect(await state(second.guid)).toBe('REGISTER_NOT_COMPLETED');

    // Denied, the first no longer holds the number.
    await t.request('POST', `/api/ops/applications/${await applicationId(first.email)}/deny`, {
      token: staffToken,
      body: { reason: 'Wrong certificate' },
    });
    expect((await submit(second.guid, { ...INFO, identity_number: number })).statusCode).toBe(200);
  });

  it('refuses an application with the identity number of an existing account', async () => {
    const { client } = await t.createTenant();
    const { guid } = await registerLink();
    expect(body(await submit(guid, { ...INFO, identity_number: client.identityNumber }))).toEqual(refused);
    expect(await state(guid)).toBe('REGISTER_NOT_COMPLETED');
  });

  it('does not approve an application whose number has an account by then', async () => {
    const number = newCompanyId();
    const { email, guid } = await registerLink();
    await submit(guid, { ...INFO, identity_number: number });
    // An account made some other way meanwhile (before this rule, or by hand).
    await t.db.insert(clients).values({
      clientNumber: String(randomInt(10_000_000_000, 99_999_999_999)),
      identityType: 'COMPANY',
      identityNumber: number,
      companyName: 'Earlier Co.',
    });
    const id = await applicationId(email);
    const approve = await t.request('POST', `/api/ops/applications/${id}/approve`, { token: staffToken });
    expect(body(approve)).toMatchObject({ msg: 'USER_NUMBER_EXISTS' });
    expect(await state(guid)).toBe('REGISTER_UNDER_REVIEW');
  });
});

describe('review, progress query and first password', () => {
  it('approves: client with an 11-digit number, root user with two-factor, set-password link once', async () => {
    const { email, guid } = await registerLink();
    await upload(guid, 'doc1', 'id.png', PNG);
    await submit(guid);
    const list = body<{ data: { id: string; email: string }[] }>(
      await t.request('GET', '/api/ops/applications?state=REGISTER_UNDER_REVIEW', { token: staffToken }),
    ).data;
    const app = list.find((a) => a.email === email)!;
    const detail = body<{ data: { info: { company_name: string } } }>(
      await t.request('GET', `/api/ops/applications/${app.id}`, { token: staffToken }),
    ).data;
    expect(detail.info.company_name).toBe(INFO.company_name);
    const doc = await t.request('GET', `/api/ops/applications/${app.id}/docs/doc1`, { token: staffToken });
    expect(doc.headers['content-type']).toBe('image/png');
    expect(doc.rawPayload.equals(PNG)).toBe(true);

    const approved = await t.request('POST', `/api/ops/applications/${app.id}/approve`, {
      token: staffToken,
    });
    expect(body<{ data: { clientNumber: string } }>(approved).data.clientNumber).toMatch(/^\d{11}$/);
    expect(
      body(await t.request('POST', `/api/ops/applications/${app.id}/approve`, { token: staffToken })).msg,
    ).toBe('VERIFY_REGISTER_AGREE_ERROR');
    expect(body(await t.request('GET', `/api/register/info/${guid}`)).msg).toBe('LINK_EXPIRED');

    const setGuid = linkOf((await t.outbox.last(email)).text, 'setPassword');
    expect(body(await t.request('GET', `/api/password/set/${setGuid}`)).data).toEqual({ email });
    const mismatch = await t.request('POST', `/api/password/set/${setGuid}`, {
      body: { password: 'New-Passw0rd-2026!', confirm: 'x' },
    });
    expect(body(mismatch).msg).toBe('PASSWORDS_DO_NOT_MATCH');
    const set = await t.request('POST', `/api/password/set/${setGuid}`, {
      body: { password: 'New-Passw0rd-2026!', confirm: 'New-Passw0rd-2026!' },
    });
    expect(set.statusCode).toBe(200);
    const reused = await t.request('POST', `/api/password/set/${setGuid}`, {
      body: { password: 'New-Passw0rd-2027!', confirm: 'New-Passw0rd-2027!' },
    });
    expect(body(reused).msg).toBe('LINK_EXPIRED');
    const login = await t.login({ account: email, password: 'New-Passw0rd-2026!' });
    expect(body<{ data: { twoFa: boolean } }>(login).data.twoFa).toBe(true);
  });

  it('denies with a reason that the progress query shows; one query per 24 hours; old links expire', async () => {
    const { email, guid } = await registerLink();
    await submit(guid);
    const app = body<{ data: { id: string; email: string }[] }>(
      await t.request('GET', '/api/ops/applications', { token: staffToken }),
    ).data.find((a) => a.email === email)!;
    const deny = await t.request('POST', `/api/ops/applications/${app.id}/deny`, {
      token: staffToken,
      body: { reason: 'Certificate unreadable' },
    });
    expect(deny.statusCode).toBe(200);
    expect((await t.outbox.last(email)).text).toContain('Certificate unreadable');

    expect((await post('/api/register/query', email)).statusCode).toBe(200);
    expect(body(await post('/api/register/query', email)).msg).toBe('PROCESS_APPLY_REPEAT');
    const q = linkOf((await t.outbox.last(email)).text, 'registerQueryResult');
    expect(body(await t.request('GET', `/api/register/query/${q}`)).data).toMatchObject({
      state: 'REGISTER_DENIED',
      reason: 'Certificate unreadable',
    });
    t.clock.advance(24 * 60 * 60 * 1000 + 1);
    expect(body(await t.request('GET', `/api/register/query/${q}`)).msg).toBe('PROCESS_APPLY_EXPIRED');
  });

  it('keeps staff routes to staff sessions', async () => {
    const { client, root } = await t.createTenant();
    const customer = await t.signIn(root, client);
    expect((await t.request('GET', '/api/ops/applications', { token: customer })).statusCode).toBe(401);
    expect((await t.request('GET', '/api/ops/applications')).statusCode).toBe(401);
    const wrong = await t.request('POST', '/api/ops/login', {
      body: { email: 'ops@test.example', password: 'nope' },
    });
    expect(body(wrong).msg).toBe('LOGIN_ERROR');
  });
});

describe('password recovery', () => {
  it('resets once, ends every session, keeps two-factor; PASSWORD_RESET_REPEAT within 24 hours', async () => {
    const { client, root } = await t.createTenant({ twoFa: false });
    const session = await t.signIn(root, client);
    const r = await post('/api/password/forget', root.account);
    expect(body(r).data).toEqual({ email: root.account });
    expect(body(await post('/api/password/forget', root.account)).msg).toBe('PASSWORD_RESET_REPEAT');
    const guid = linkOf((await t.outbox.last(root.account)).text, 'resetPassword');
    const pw = 'Reset-Passw0rd-2026!';
    expect(
      (await t.request('POST', `/api/password/reset/${guid}`, { body: { password: pw, confirm: pw } }))
        .statusCode,
    ).toBe(200);
    expect((await t.request('GET', '/api/client/info', { token: session })).statusCode).toBe(401);
    expect(
      body(await t.request('POST', `/api/password/reset/${guid}`, { body: { password: pw, confirm: pw } }))
        .msg,
    ).toBe('PASSWORD_RESET_EXPIRED');
    expect((await t.login({ account: root.account, password: pw })).statusCode).toBe(200);
  });

  it('sends the link again once ONE_REQUEST_PER_MS has passed since the first, not a second before', async () => {
    const { root } = await t.createTenant();
    await post('/api/password/forget', root.account);
    const first = linkOf((await t.outbox.last(root.account)).text, 'resetPassword');
    t.clock.advance(ONE_REQUEST_PER_MS - 1000);
    const early = await post('/api/password/forget', root.account);
    expect(body(early).msg).toBe('PASSWORD_RESET_REPEAT');
    expect(await t.outbox.list(root.account)).toHaveLength(1);
    t.clock.advance(1000);
    expect(body(await post('/api/password/forget', root.account)).data).toEqual({ email: root.account });
    expect(await t.outbox.list(root.account)).toHaveLength(2);
    const second = linkOf((await t.outbox.last(root.account)).text, 'resetPassword');
    expect(second).not.toBe(first);
    expect(body(await t.request('GET', `/api/password/reset/${second}`)).data).toBeDefined();
    expect(body(await post('/api/password/forget', root.account)).msg).toBe('PASSWORD_RESET_REPEAT');
  });

  it('answers the same for an unknown address, and limits it too', async () => {
    const email = newEmail();
    expect(body(await post('/api/password/forget', email)).data).toEqual({ email });
    expect(await t.outbox.list(email)).toEqual([]);
    expect(body(await post('/api/password/forget', email)).msg).toBe('PASSWORD_RESET_REPEAT');
  });

  it('expires a reset link after an hour; a newer link kills the older', async () => {
    const { root } = await t.createTenant();
    await post('/api/password/forget', root.account);
    const old = linkOf((await t.outbox.last(root.account)).text, 'resetPassword');
    t.clock.advance(60 * 60 * 1000 + 1);
    expect(body(await t.request('GET', `/api/password/reset/${old}`)).msg).toBe('PASSWORD_RESET_EXPIRED');
    t.clock.advance(24 * 60 * 60 * 1000);
    await post('/api/password/forget', root.account);
    const newer = linkOf((await t.outbox.last(root.account)).text, 'resetPassword');
    expect(body(await t.request('GET', `/api/password/reset/${newer}`)).data).toBeDefined();
    expect(
      body(
        await t.request('POST', `/api/password/reset/${newer}`, {
          body: { password: 'password1234', confirm: 'password1234' },
        }),
      ).msg,
    ).toBe('FORMAT_ERROR');
  });
});

describe('password links, further', () => {
  it('refuses a common password with PASSWORD_AGAINST_RULES and keeps two-factor after a reset', async () => {
    const { root } = await t.createTenant({ twoFa: true });
    await post('/api/password/forget', root.account);
    const guid = linkOf((await t.outbox.last(root.account)).text, 'resetPassword');
    const common = 'Password123!';
    const refused = await t.request('POST', `/api/password/reset/${guid}`, {
      body: { password: common, confirm: common },
    });
    expect(body(refused).msg).toBe('PASSWORD_AGAINST_RULES');
    const pw = 'Kept-TwoFactor-2026!';
    expect(
      (await t.request('POST', `/api/password/reset/${guid}`, { body: { password: pw, confirm: pw } }))
        .statusCode,
    ).toBe(200);
    const login = await t.login({ account: root.account, password: pw });
    expect(body<{ data: { twoFa?: boolean } }>(login).data.twoFa).toBe(true);
  });

  it('kills an older reset link when a newer one is mailed', async () => {
    const { root } = await t.createTenant();
    const older = newLinkToken();
    const now = t.clock.now();
    await t.db.insert(emailLinks).values({
      tokenHash: older.tokenHash,
      kind: 'resetPassword',
      email: root.account,
      userId: root.id,
      createdAt: new Date(now.getTime() - 25 * 60 * 60 * 1000),
      expiresAt: new Date(now.getTime() + 60 * 60 * 1000),
    });
    expect(body(await t.request('GET', `/api/password/reset/${older.token}`)).data).toBeDefined();
    await post('/api/password/forget', root.account);
    // The job that mails the new link kills the older one, a moment after the answer.
    await t.outbox.settled();
    expect(body(await t.request('GET', `/api/password/reset/${older.token}`)).msg).toBe(
      'PASSWORD_RESET_EXPIRED',
    );
  });

  it('expires a set-password link after 7 days; staff cannot deny twice; no upload after submit', async () => {
    const { email, guid } = await registerLink();
    await submit(guid);
    expect((await upload(guid, 'doc1', 'late.png', PNG)).json()).toMatchObject({ msg: 'REGISTER_APPLIED' });
    const apps = body<{ data: { id: string; email: string }[] }>(
      await t.request('GET', '/api/ops/applications', { token: staffToken }),
    ).data;
    const id = apps.find((a) => a.email === email)!.id;
    await t.request('POST', `/api/ops/applications/${id}/approve`, { token: staffToken });
    const deny = await t.request('POST', `/api/ops/applications/${id}/deny`, {
      token: staffToken,
      body: { reason: 'Too late' },
    });
    expect(body(deny).msg).toBe('VERIFY_REGISTER_REJECT_ERROR');
    const setGuid = linkOf((await t.outbox.last(email)).text, 'setPassword');
    t.clock.advance(7 * 24 * 60 * 60 * 1000 + 1);
    expect(body(await t.request('GET', `/api/password/set/${setGuid}`)).msg).toBe('LINK_EXPIRED');
  });
});
