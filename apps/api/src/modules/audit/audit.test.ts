import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditRecord } from '@portal/shared';
import { body, build, TEST_PASSWORD, type TestApp } from '../../../test/build.js';
import { recordAudit } from '../../platform/audit.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

type Page = { records: AuditRecord[]; total: number };
const data = <T>(response: Parameters<typeof body>[0]) => body<{ data: T }>(response).data;

describe('audit log', () => {
  it('records sign-in, failures (unknown alias too), two-factor, settings and sign-out, without secrets', async () => {
    const { client, root } = await t.createTenant();
    const iam = await t.createIam(client, { account: 'worker', roles: ['readOnly'], twoFa: true });
    const token = await t.signIn(root, client);

    await t.login(t.loginBody(root, client, 'Wrong-Passw0rd-11!'));
    await t.login({ root: client.clientNumber, iamAccount: 'nobody', password: 'Wrong-Passw0rd-11!' });
    const challenge = data<{ challenge: string }>(await t.login(t.loginBody(iam, client))).challenge;
    await t.request('POST', '/api/auth/2fa/verify', { body: { challenge, tfa_code: '000000' } });
    const code = await t.outbox.code(iam.email!);
    const iamToken = data<{ token: string }>(
      await t.request('POST', '/api/auth/2fa/verify', { body: { challenge, tfa_code: code } }),
    ).token;
    await t.request('PATCH', '/api/client/info', {
      token: iamToken,
      body: { pass0: TEST_PASSWORD, pass1: 'Brand-New-Passw0rd-9!' },
    });
    await t.request('POST', '/api/users/logout', { token: iamToken });
    // Failed sign-ins are written by a job, a moment after the answer.
    await t.settled();

    const page = data<Page>(await t.request('GET', '/api/audit?limit=0', { token }));
    const seen = page.records.map((r) => `${r.account}:${r.action}:${r.outcome}`);
    expect(seen).toEqual(
      expect.arrayContaining([
        `${root.account}:auth.login:success`,
        `${root.account}:auth.loginFailed:failure`,
        'nobody:auth.loginFailed:failure',
        'worker:auth.twoFaFailed:failure',
        'worker:auth.login:success',
        'worker:account.password:success',
        'worker:auth.logout:success',
      ]),
    );
    expect(page.records.every((r) => r.ip !== undefined)).toBe(true);
    // Newest first.
    const times = page.records.map((r) => r.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(JSON.stringify(page)).not.toMatch(/Passw0rd|pass0|pass1|tfa_code|challenge/);
  });

  it('filters by user, action and time, pages, and exports CSV with a BOM', async () => {
    const { client, root } = await t.createTenant();
    const token = await t.signIn(root, client);
    const iam = await t.createIam(client, { account: 'worker2' });
    t.clock.advance(60_000);
    const middle = t.clock.now().toISOString();
    t.clock.advance(60_000);
    await t.signIn(iam, client);
    // Later resource routes will log Chinese names (a VM's name tag); Excel must read them.
    await recordAudit(t.db, t.clock, {
      clientId: client.id,
      userId: iam.id,
      account: iam.account,
      action: 'vm.update',
      outcome: 'success',
      ip: '127.0.0.1',
      detail: { name: '中文主機', password: 'never-logged' },
    });

    const get = async (q: string) => data<Page>(await t.request('GET', `/api/audit?${q}`, { token }));
    expect((await get(`userId=${iam.id}`)).total).toBe(2);
    expect((await get(`action=auth.login&limit=1`)).records).toHaveLength(1);
    expect((await get(`action=auth.login`)).total).toBe(2);
    expect((await get(`from=${encodeURIComponent(middle)}`)).total).toBe(2);
    expect((await get(`to=${encodeURIComponent(middle)}`)).total).toBe(1);
    const notAnId = await t.request('GET', '/api/audit?userId=not-a-uuid', { token });
    expect(notAnId.statusCode).toBe(400);
    expect(body(notAnId)).toMatchObject({ msg: 'FORMAT_ERROR', errors: [{ path: 'userId' }] });
    // A start after the end is refused, in the list and the CSV alike, not answered with nothing.
    const reversed = `from=${encodeURIComponent(middle)}&to=${encodeURIComponent('2020-01-01T00:00:00Z')}`;
    for (const path of [`/api/audit?${reversed}`, `/api/audit/export?${reversed}`]) {
      const refused = await t.request('GET', path, { token });
      expect(refused.statusCode, path).toBe(400);
      expect(body(refused)).toMatchObject({
        msg: 'TIME_IS_ERROR',
        errors: [{ path: 'to', message: 'validation.startAfterEnd' }],
      });
    }
    const sameInstant = `from=${encodeURIComponent(middle)}&to=${encodeURIComponent(middle)}`;
    expect((await t.request('GET', `/api/audit?${sameInstant}`, { token })).statusCode).toBe(200);

    const csv = await t.request('GET', `/api/audit/export?userId=${iam.id}`, { token });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="audit-log-\d{8}\.csv"/);
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(csv.body).toContain('中文主機');
    expect(csv.body).not.toContain('never-logged');
    // The header row speaks the language of the page that exports it.
    const headerIn = async (language: string) =>
      (
        await t.request('GET', `/api/audit/export?userId=${iam.id}`, {
          token,
          headers: { 'accept-language': language },
        })
      ).body
        .replace(/^\uFEFF/, '')
        .split('\r\n')[0];
    expect(await headerIn('en')).toBe(
      '"Time","Account","Via API key","User ID","Action","Resource type","Resource ID","Outcome","IP address","Detail"',
    );
    expect(await headerIn('zh-TW')).toBe(
      '"時間","使用者","透過 API 金鑰","使用者 ID","操作","資源類型","資源 ID","結果","位址","詳細內容"',
    );
  });

  it("filters by the resource's type and id, within the caller's trail, in the list and the CSV", async () => {
    const a = await t.createTenant();
    const b = await t.createTenant();
    const token = await t.signIn(a.root, a.client);
    const vm = '5f0c3c1e-7d4b-4c39-9d2e-1a2b3c4d5e6f';
    const other = '0b6f9a7e-3c2d-4e1f-8a9b-0c1d2e3f4a5b';
    const write = (clientId: string, action: string, targetType: string, targetId: string) =>
      recordAudit(t.db, t.clock, {
        clientId,
        userId: null,
        account: 'someone',
        action,
        targetType,
        targetId,
        outcome: 'success',
        ip: '',
      });
    await write(a.client.id, 'vm.start', 'vm', vm);
    await write(a.client.id, 'vm.stop', 'vm', vm);
    await write(a.client.id, 'vm.start', 'vm', other);
    await write(a.client.id, 'disk.create', 'disk', vm);
    // Another tenant's record of the same VM id is never in the caller's answer.
    await write(b.client.id, 'vm.delete', 'vm', vm);

    const get = async (q: string) => data<Page>(await t.request('GET', `/api/audit?${q}`, { token }));
    const byType = await get('targetType=vm');
    expect(byType.total).toBe(3);
    expect(byType.records.every((r) => r.targetType === 'vm')).toBe(true);
    const byVm = await get(`targetType=vm&targetId=${vm}`);
    expect(byVm.records.map((r) => r.action).sort()).toEqual(['vm.start', 'vm.stop']);
    expect((await get(`targetId=${vm}`)).total).toBe(3);
    expect((await get(`targetType=vm&targetId=${vm}&action=vm.stop`)).total).toBe(1);
    // An id or a type that names nothing is an empty page, not an error.
    for (const q of ['targetId=not-an-id', 'targetId=%27%3B%20drop', 'targetType=nothing']) {
      const response = await t.request('GET', `/api/audit?${q}`, { token });
      expect(response.statusCode, q).toBe(200);
      expect(data<Page>(response).total, q).toBe(0);
    }

    const csv = await t.request('GET', `/api/audit/export?targetType=vm&targetId=${vm}`, { token });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).every((line) => line.includes(`"vm","${vm}"`))).toBe(true);
  });

  it('names the resource a change was made to, from the route', async () => {
    const { client, root } = await t.createTenant();
    const token = await t.signIn(root, client);
    await t.request('PATCH', '/api/client/info', {
      token,
      body: { pass0: TEST_PASSWORD, pass1: 'Brand-New-Passw0rd-9!' },
    });
    const page = data<Page>(
      await t.request('GET', `/api/audit?targetType=user&targetId=${root.id}`, { token }),
    );
    expect(page.records.map((r) => r.action)).toEqual(['account.password']);
  });

  it('each client sees only its own trail, and only with iam/audit', async () => {
    const a = await t.createTenant();
    const b = await t.createTenant();
    const tokenA = await t.signIn(a.root, a.client);
    await t.signIn(b.root, b.client);
    const page = data<Page>(await t.request('GET', '/api/audit?limit=0', { token: tokenA }));
    expect(page.records.every((r) => r.account === a.root.account)).toBe(true);
    const manager = await t.createIam(a.client, { roles: ['userManager'] });
    const managerToken = await t.signIn(manager, a.client);
    expect((await t.request('GET', '/api/audit', { token: managerToken })).statusCode).toBe(403);
    expect((await t.request('GET', '/api/audit/export', { token: managerToken })).statusCode).toBe(403);
  });
});
