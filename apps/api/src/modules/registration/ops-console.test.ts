import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StaffAuditRecord } from '@portal/shared';
import { body, build, type TestApp } from '../../../test/build.js';
import { auditLog, emailLinks, registrations, staffAuditEvents, users } from '../../db/schema/index.js';
import { createPasswordHasher } from '../../platform/passwords.js';
import { hashToken } from '../../platform/sessions.js';
import { newCompanyId } from '../../../test/identity-numbers.js';
import { createStaff } from './staff-accounts.js';
import { PDF, PNG, REGISTRATION_INFO, linkOf, multipart } from './registration-test-data.js';

const INFO = { ...REGISTRATION_INFO, company_name: 'Audit Cloud Co., Ltd.' };

// The operations console beyond the review itself: the staff trail, a fresh set-password link and
// document view links.
let t: TestApp;
let staffToken: string;
const STAFF_EMAIL = 'audit-ops@test.example';
const STAFF_PASSWORD = 'Staff-Passw0rd-2026!';
const STAFF_IP = '198.51.100.7';

beforeAll(async () => {
  t = await build();
  await createStaff(t.db, createPasswordHasher('test'), STAFF_EMAIL, STAFF_PASSWORD);
});
beforeEach(async () => {
  staffToken = await signInStaff();
});
afterAll(() => t.close());

/** Records of one millisecond tie; each step here happens a little later than the one before. */
const tick = () => t.clock.advance(1);

async function signInStaff() {
  tick();
  const r = await t.request('POST', '/api/ops/login', {
    body: { email: STAFF_EMAIL, password: STAFF_PASSWORD },
    ip: STAFF_IP,
  });
  return body<{ data: { token: string } }>(r).data.token;
}
const staffCall = (method: 'GET' | 'POST', url: string, payload?: unknown) => {
  tick();
  return t.request(method, url, { token: staffToken, ip: STAFF_IP, body: payload });
};

/** An application under review (registered in English), with a PNG and a PDF; its id. */
async function applicationUnderReview(): Promise<{ id: string; email: string }> {
  const email = `ops-${randomInt(1e9)}@example.com`;
  const c = body<{ data: { id: string } }>(await t.request('GET', '/api/captcha')).data;
  const a = body<{ data: { answer: string } }>(await t.request('GET', `/api/dev/captcha/${c.id}`)).data;
  const registered = await t.request('POST', '/api/register', {
    body: { email, captchaId: c.id, captcha: a.answer },
    headers: { 'accept-language': 'en' },
  });
  expect(registered.statusCode).toBe(200);
  const guid = linkOf((await t.outbox.last(email)).text, 'registerInfoInput');
  await t.request('PUT', `/api/register/info/${guid}/docs/doc1`, multipart('id.png', PNG));
  await t.request('PUT', `/api/register/info/${guid}/docs/companyDoc3`, multipart('reg.pdf', PDF));
  expect(
    (
      await t.request('POST', `/api/register/info/${guid}/submit`, {
        body: { ...INFO, identity_number: newCompanyId() },
      })
    ).statusCode,
  ).toBe(200);
  const [row] = await t.db.select().from(registrations).where(eq(registrations.email, email));
  return { id: row!.id, email };
}

const trail = async (query = '') =>
  body<{ data: { records: StaffAuditRecord[]; total: number } }>(
    await staffCall('GET', `/api/ops/audit${query}`),
  ).data;
const eventsOf = (applicationId: string) =>
  t.db.select().from(staffAuditEvents).where(eq(staffAuditEvents.applicationId, applicationId));

describe('staff audit trail', () => {
  it('records an approval with the new client, in the staff trail and the client audit log', async () => {
    const { id, email } = await applicationUnderReview();
    const approved = body<{ data: { clientNumber: string } }>(
      await staffCall('POST', `/api/ops/applications/${id}/approve`),
    ).data;
    const [event] = await eventsOf(id);
    expect(event).toMatchObject({
      staffEmail: STAFF_EMAIL,
      action: 'application.approve',
      outcome: 'success',
      ip: STAFF_IP,
      detail: { email, clientNumber: approved.clientNumber },
    });
    const [reg] = await t.db.select().from(registrations).where(eq(registrations.id, id));
    const clientLog = await t.db.select().from(auditLog).where(eq(auditLog.clientId, reg!.clientId!));
    expect(clientLog).toHaveLength(1);
    expect(clientLog[0]).toMatchObject({
      account: 'provider',
      action: 'account.createdByReview',
      userId: null,
      ip: '',
      targetId: approved.clientNumber,
      outcome: 'success',
    });
    // The root user reads it in the console's audit log.
    expect(JSON.stringify(clientLog[0]!.detail)).not.toContain(STAFF_EMAIL);
  });

  it('refuses to approve an address a root user has taken meanwhile (EMAIL_EXISTS)', async () => {
    const { id, email } = await applicationUnderReview();
    const other = await t.createTenant();
    await t.db.update(users).set({ account: email.toUpperCase() }).where(eq(users.id, other.root.id));
    const refused = await staffCall('POST', `/api/ops/applications/${id}/approve`);
    expect([refused.statusCode, body(refused).msg]).toEqual([400, 'EMAIL_EXISTS']);
    const [reg] = await t.db.select().from(registrations).where(eq(registrations.id, id));
    expect(reg).toMatchObject({ state: 'REGISTER_UNDER_REVIEW', clientId: null });
  });

  it('records a refused decision as a failure and changes nothing', async () => {
    const { id } = await applicationUnderReview();
    await staffCall('POST', `/api/ops/applications/${id}/deny`, { reason: 'Blurred' });
    const again = await staffCall('POST', `/api/ops/applications/${id}/approve`);
    expect(body(again).msg).toBe('VERIFY_REGISTER_AGREE_ERROR');
    const [reg] = await t.db.select().from(registrations).where(eq(registrations.id, id));
    expect(reg).toMatchObject({ state: 'REGISTER_DENIED', clientId: null, reason: 'Blurred' });
    const events = await eventsOf(id);
    expect(events.map((e) => [e.action, e.outcome, e.detail.error])).toEqual(
      expect.arrayContaining([
        ['application.deny', 'success', undefined],
        ['application.approve', 'failure', 'VERIFY_REGISTER_AGREE_ERROR'],
      ]),
    );
    // An id that is no application is refused (404) and still recorded, without an application id.
    const unknown = await staffCall('POST', '/api/ops/applications/not-an-id/deny', { reason: 'x' });
    expect(unknown.statusCode).toBe(404);
    const [last] = (await trail('?action=application.deny&limit=1')).records;
    expect(last).toMatchObject({ outcome: 'failure', applicationId: null, detail: { error: 'NOT_FOUND' } });
  });

  it('records sign-in, failed sign-in (without the password) and sign-out', async () => {
    tick();
    const wrong = await t.request('POST', '/api/ops/login', {
      body: { email: STAFF_EMAIL, password: 'wrong-password-1' },
      ip: STAFF_IP,
    });
    expect(body(wrong).msg).toBe('LOGIN_ERROR');
    tick();
    const nobody = await t.request('POST', '/api/ops/login', {
      body: { email: 'nobody@test.example', password: 'wrong-password-2' },
      ip: STAFF_IP,
    });
    expect(body(nobody).msg).toBe('LOGIN_ERROR');
    const failures = (await trail('?action=staff.loginFailed&limit=2')).records;
    expect(failures.map((r) => [r.staffEmail, r.outcome, r.detail.error, r.ip])).toEqual([
      ['nobody@test.example', 'failure', 'LOGIN_ERROR', STAFF_IP],
      [STAFF_EMAIL, 'failure', 'LOGIN_ERROR', STAFF_IP],
    ]);
    expect(JSON.stringify(failures)).not.toContain('wrong-password');
    expect((await trail('?action=staff.login&limit=1')).records[0]).toMatchObject({
      staffEmail: STAFF_EMAIL,
      outcome: 'success',
    });
    const other = await signInStaff();
    expect((await t.request('POST', '/api/ops/logout', { token: other, ip: STAFF_IP })).statusCode).toBe(200);
    expect((await trail('?action=staff.logout&limit=1')).records[0]).toMatchObject({
      staffEmail: STAFF_EMAIL,
      outcome: 'success',
    });
  });

  it('pages, sorts and filters on the server; staff only', async () => {
    const all = await trail('?limit=0');
    expect(all.total).toBe(all.records.length);
    const times = all.records.map((r) => r.at);
    expect([...times].sort().reverse()).toEqual(times);
    const page = await trail('?limit=2&page=1');
    expect(page.total).toBe(all.total);
    expect(page.records.map((r) => r.id)).toEqual(all.records.slice(2, 4).map((r) => r.id));
    const oldest = await trail('?limit=1&sort=at&orderby=asc');
    expect(oldest.records[0]!.id).toBe(all.records.at(-1)!.id);
    const byAction = (await trail('?limit=0&sort=action&orderby=asc')).records.map((r) => r.action);
    expect([...byAction].sort()).toEqual(byAction);

    const later = new Date(t.clock.now().getTime() + 60_000).toISOString();
    expect((await trail(`?from=${encodeURIComponent(later)}`)).total).toBe(0);
    expect((await trail(`?to=${encodeURIComponent(later)}`)).total).toBe(all.total);
    const reversed = await staffCall(
      'GET',
      `/api/ops/audit?from=${encodeURIComponent(later)}&to=2020-01-01T00:00:00Z`,
    );
    expect(reversed.statusCode).toBe(400);
    expect(body(reversed)).toMatchObject({ errors: [{ path: 'to', message: 'validation.startAfterEnd' }] });

    expect((await staffCall('GET', '/api/ops/audit?action=iam.user.create')).statusCode).toBe(400);
    expect((await staffCall('GET', '/api/ops/audit?sort=ip')).statusCode).toBe(400);
    expect((await t.request('GET', '/api/ops/audit')).statusCode).toBe(401);
    const { client, root } = await t.createTenant();
    const customer = await t.signIn(root, client);
    expect((await t.request('GET', '/api/ops/audit', { token: customer })).statusCode).toBe(401);
  });
});

describe('a fresh set-password link', () => {
  it('is refused before approval, kills the older link, and is refused once a password is set', async () => {
    const { id, email } = await applicationUnderReview();
    const early = await staffCall('POST', `/api/ops/applications/${id}/set-password-link`);
    expect(body(early).msg).toBe('APPLICATION_NOT_APPROVED');
    await staffCall('POST', `/api/ops/applications/${id}/approve`);
    const first = linkOf((await t.outbox.last(email)).text, 'setPassword');
    expect((await t.request('GET', `/api/password/set/${first}`)).statusCode).toBe(200);
    expect(body(await staffCall('GET', `/api/ops/applications/${id}`)).data).toMatchObject({
      passwordSet: false,
    });

    const sent = await staffCall('POST', `/api/ops/applications/${id}/set-password-link`);
    expect(body(sent).data).toMatchObject({ email });
    const mail = await t.outbox.last(email);
    expect(mail.lang).toBe('en');
    expect(mail.subject).toContain('set your password');
    const second = linkOf(mail.text, 'setPassword');
    expect(second).not.toBe(first);
    expect(body(await t.request('GET', `/api/password/set/${first}`)).msg).toBe('LINK_EXPIRED');
    const pw = 'Second-Link-2026!';
    expect(
      (await t.request('POST', `/api/password/set/${second}`, { body: { password: pw, confirm: pw } }))
        .statusCode,
    ).toBe(200);
    expect(body(await staffCall('GET', `/api/ops/applications/${id}`)).data).toMatchObject({
      passwordSet: true,
    });

    const links = () =>
      t.db
        .select()
        .from(emailLinks)
        .where(and(eq(emailLinks.kind, 'setPassword'), eq(emailLinks.registrationId, id)));
    const before = await links();
    const late = await staffCall('POST', `/api/ops/applications/${id}/set-password-link`);
    expect(body(late).msg).toBe('PASSWORD_ALREADY_SET');
    expect(await links()).toEqual(before);
    const events = (await eventsOf(id)).filter((e) => e.action === 'application.setPasswordLink');
    expect(events.map((e) => [e.outcome, e.detail.error ?? null])).toEqual(
      expect.arrayContaining([
        ['failure', 'APPLICATION_NOT_APPROVED'],
        ['success', null],
        ['failure', 'PASSWORD_ALREADY_SET'],
      ]),
    );
    expect(
      (
        await staffCall(
          'POST',
          '/api/ops/applications/00000000-0000-0000-0000-000000000000/set-password-link',
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('document view links', () => {
  const viewLink = async (id: string, doc: string, token = staffToken) =>
    t.request('POST', `/api/ops/applications/${id}/docs/${doc}/view-link`, { token });

  it('shows the document inline, sandboxed, for a minute, for the session that asked', async () => {
    const { id } = await applicationUnderReview();
    const link = body<{ data: { url: string; expiresAt: string } }>(await viewLink(id, 'companyDoc3')).data;
    expect(link.url).toMatch(/^\/api\/ops\/document-view\?token=[A-Za-z0-9_-]+$/);
    expect(new Date(link.expiresAt).getTime() - t.clock.now().getTime()).toBe(60_000);

    const shown = await t.request('GET', link.url);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('application/pdf');
    expect(shown.headers['content-disposition']).toMatch(/^inline; filename\*=UTF-8''reg\.pdf$/);
    expect(shown.headers['x-content-type-options']).toBe('nosniff');
    expect(shown.headers['content-security-policy']).toMatch(/(^|; )sandbox$/);
    expect(shown.headers['cache-control']).toContain('no-store');
    expect(shown.rawPayload.equals(PDF)).toBe(true);

    // Opaque: nothing of the application or the staff session can be read off the URL, and a
    // changed token opens nothing.
    const token = link.url.split('=')[1]!;
    const readable = `${token}\n${Buffer.from(token, 'base64url').toString('latin1')}`;
    for (const secret of [id, hashToken(staffToken), 'companyDoc3']) expect(readable).not.toContain(secret);
    const changed = Buffer.from(token, 'base64url');
    changed[20] = changed[20]! ^ 1;
    const forged = changed.toString('base64url');
    expect(body(await t.request('GET', `/api/ops/document-view?token=${forged}`)).msg).toBe('LINK_EXPIRED');
    expect(body(await t.request('GET', '/api/ops/document-view?token=nonsense')).msg).toBe('LINK_EXPIRED');

    t.clock.advance(60_001);
    expect(body(await t.request('GET', link.url)).msg).toBe('LINK_EXPIRED');
  });

  it('dies with the staff session; needs a staff session and an uploaded document', async () => {
    const { id } = await applicationUnderReview();
    const session = await signInStaff();
    const { url } = body<{ data: { url: string } }>(await viewLink(id, 'doc1', session)).data;
    const image = await t.request('GET', url);
    expect(image.headers['content-type']).toBe('image/png');
    await t.request('POST', '/api/ops/logout', { token: session });
    expect(body(await t.request('GET', url)).msg).toBe('LINK_EXPIRED');

    expect((await viewLink(id, 'doc2')).statusCode).toBe(404);
    expect((await viewLink(id, 'doc9')).statusCode).toBe(400);
    expect((await t.request('POST', `/api/ops/applications/${id}/docs/doc1/view-link`)).statusCode).toBe(401);
  });

  it('are recorded in the staff trail with downloads: who opened which document, and refusals', async () => {
    const { id } = await applicationUnderReview();
    expect(
      (await staffCall('POST', `/api/ops/applications/${id}/docs/companyDoc3/view-link`)).statusCode,
    ).toBe(200);
    expect((await staffCall('GET', `/api/ops/applications/${id}/docs/doc1`)).statusCode).toBe(200);
    expect((await staffCall('GET', `/api/ops/applications/${id}/docs/doc2`)).statusCode).toBe(404);
    const opened = (await eventsOf(id))
      .filter((e) => e.action.startsWith('application.document'))
      .map((e) => [e.action, e.outcome, (e.detail as { doc?: string }).doc, e.staffEmail, e.ip]);
    expect(opened).toEqual(
      expect.arrayContaining([
        ['application.documentView', 'success', 'companyDoc3', STAFF_EMAIL, STAFF_IP],
        ['application.documentDownload', 'success', 'doc1', STAFF_EMAIL, STAFF_IP],
        ['application.documentDownload', 'failure', 'doc2', STAFF_EMAIL, STAFF_IP],
      ]),
    );
    expect(opened).toHaveLength(3);
    const listed = await trail('?action=application.documentDownload');
    expect(listed.records.every((r) => r.action === 'application.documentDownload')).toBe(true);
    expect(listed.total).toBeGreaterThanOrEqual(2);
  });
});
