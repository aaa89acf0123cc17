import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.js';
import { NO_PASSWORD } from '../src/platform/passwords.js';
import { body, buildSignedIn, TEST_PASSWORD, type Tenant, type TestApp } from './build.js';

/**
 * The spec's codes (section 8) where their situation arises, as a customer meets them: a row of
 * a kind the catalogue names a code for, a field rule with a code of its own, a request without
 * its data, an account that is not activated yet. Each answer is the code, never a generic one.
 */
let t: TestApp, tenant: Tenant, token: string;
beforeAll(async () => {
  ({ t, tenant, token } = await buildSignedIn());
});
afterAll(() => t.close());

const refusal = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => {
  const response = await t.request(method, url, { token, body: payload });
  return [response.statusCode, body(response).msg];
};

describe('a row that is not there is named by its kind', () => {
  const unknown = randomUUID();
  it.each([
    ['GET', `/api/vms/${unknown}`, 'VM_NOT_FOUND'],
    ['PATCH', `/api/vms/${unknown}`, 'VM_NOT_FOUND'],
    ['GET', '/api/vms/not-a-uuid', 'VM_NOT_FOUND'],
    ['GET', `/api/metrics/vms/${unknown}?window=1h`, 'VM_NOT_FOUND'],
    ['GET', `/api/disks/${unknown}`, 'DISK_NOT_FOUND'],
    ['PATCH', `/api/disks/${unknown}`, 'DISK_NOT_FOUND'],
    ['GET', `/api/vpcs/${unknown}`, 'VPC_NOT_FOUND'],
    ['GET', `/api/firewalls/${unknown}`, 'FIREWALL_NOT_FOUND'],
    ['GET', `/api/public-cloud-credentials/${unknown}`, 'PUBLIC_CLOUD_NOT_EXIST'],
    ['GET', '/api/buckets/no-such-bucket-here', 'NO_SUCH_BUCKET'],
    ['PUT', `/api/tags/disks/${unknown}`, 'DISK_NOT_FOUND'],
  ] as const)('%s %s answers 404 %s', async (method, url, code) => {
    const payload =
      method === 'PATCH' ? (url.includes('/vms/') ? { name: 'x' } : { diskName: 'x' }) : undefined;
    const response = await t.request(method, url, {
      token,
      body: method === 'PUT' ? { tags: [] } : payload,
    });
    expect([response.statusCode, body(response).msg]).toEqual([404, code]);
  });

  it('an IAM user deleted meanwhile is ACCOUNT_HAS_BEEN_DELETED', async () => {
    const iam = await t.createIam(tenant.client);
    const gone = await t.request('DELETE', `/api/iam/users/${iam.id}`, {
      token,
      body: { currentPassword: TEST_PASSWORD },
    });
    expect(gone.statusCode).toBe(200);
    expect(await refusal('PATCH', `/api/iam/users/${iam.id}`, { roles: ['readOnly'] })).toEqual([
      404,
      'ACCOUNT_HAS_BEEN_DELETED',
    ]);
  });
});

describe('a field rule with a code of its own answers that code', () => {
  const ticket = (change: Record<string, unknown>) => ({
    contactName: 'Ming',
    contactMail: 'ming@example.com',
    vmId: randomUUID(),
    ticketCode: 'vm',
    ticketRemark: 'It does not start.',
    attachmentIds: [],
    ...change,
  });

  it('a phone number with letters is PHONE_FORMAT_ERROR', async () => {
    expect(await refusal('POST', '/api/tickets', ticket({ contactMobile: '09x1-234' }))).toEqual([
      400,
      'PHONE_FORMAT_ERROR',
    ]);
  });

  it('a category that does not exist is CATEGORYID_IS_ERROR', async () => {
    expect(await refusal('POST', '/api/tickets', ticket({ ticketCode: 'hardware' }))).toEqual([
      400,
      'CATEGORYID_IS_ERROR',
    ]);
  });

  it('a mail address that is not one is EMAIL_DOES_NOT_CONFORM_TO_NORMALIZATION', async () => {
    expect(await refusal('POST', '/api/tickets', ticket({ contactMail: 'ming@' }))).toEqual([
      400,
      'EMAIL_DOES_NOT_CONFORM_TO_NORMALIZATION',
    ]);
  });

  it('a role that does not exist is ACCOUNT_ROLE_NOT_EXIST', async () => {
    const answer = await t.request('POST', '/api/iam/users', {
      token,
      body: { account: 'someone', password: TEST_PASSWORD, roles: ['superUser'] },
    });
    expect(body(answer)).toEqual({
      msg: 'ACCOUNT_ROLE_NOT_EXIST',
      errors: [{ path: 'roles.0', message: 'apiError.ACCOUNT_ROLE_NOT_EXIST' }],
    });
  });

  it('a period that ends before it starts is TIME_IS_ERROR', async () => {
    const from = '2026-11-20T00:00:00.000Z';
    const to = '2026-11-01T00:00:00.000Z';
    expect(await refusal('GET', `/api/audit?from=${from}&to=${to}`)).toEqual([400, 'TIME_IS_ERROR']);
    // A date that is not one is told as such, in words the web has.
    const answer = await t.request('GET', '/api/audit?from=yesterday', { token });
    expect(body(answer).errors).toEqual([{ path: 'from', message: 'validation.needBeDate' }]);
  });

  it('required fields left out are FIELD_MUST_FILL_IN; no data at all is MISSING_DATA', async () => {
    const empty = await t.request('POST', '/api/tickets', {
      token,
      body: ticket({ contactName: '', ticketRemark: undefined, ticketCode: undefined }),
    });
    expect(body(empty)).toEqual({
      msg: 'FIELD_MUST_FILL_IN',
      errors: [
        { path: 'contactName', message: 'validation.notEmpty' },
        { path: 'ticketCode', message: 'validation.notEmpty' },
        { path: 'ticketRemark', message: 'validation.notEmpty' },
      ],
    });
    expect(await refusal('POST', '/api/tickets')).toEqual([400, 'MISSING_DATA']);
    expect(await refusal('POST', '/api/tickets', null)).toEqual([400, 'MISSING_DATA']);
  });

  it("zod's own words never reach the user: a value of the wrong kind is a message key", async () => {
    const answer = await t.request('POST', '/api/tickets', { token, body: ticket({ attachmentIds: 'x' }) });
    expect(body(answer)).toEqual({
      msg: 'FORMAT_ERROR',
      errors: [{ path: 'attachmentIds', message: 'validation.wrongType' }],
    });
  });
});

describe('sign-in', () => {
  it('an approved root user who has not set a password yet is ACCOUNT_NOT_ACTIVATED', async () => {
    const fresh = await t.createTenant();
    await t.db
      .update(users)
      .set({ passwordHash: NO_PASSWORD, lastSetPasswordAt: null })
      .where(eq(users.id, fresh.root.id));
    const answer = await t.request('POST', '/api/auth/login', {
      body: { account: fresh.root.account, password: TEST_PASSWORD },
    });
    expect([answer.statusCode, body(answer).msg]).toEqual([400, 'ACCOUNT_NOT_ACTIVATED']);
    // Anyone else's wrong password is still LOGIN_ERROR.
    const other = await t.request('POST', '/api/auth/login', {
      body: { account: tenant.root.account, password: 'Wrong-Passw0rd-2026!' },
    });
    expect(body(other).msg).toBe('LOGIN_ERROR');
  });
});
