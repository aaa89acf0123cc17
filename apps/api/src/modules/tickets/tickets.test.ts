import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsTicketSchema, ticketSchema, VmStatus, type OpsTicket, type Ticket } from '@portal/shared';
import { auditLog, ccisTerms, staffAuditEvents, vms } from '../../db/schema/index.js';
import { body, build, ok, type Response, type Tenant, type TestApp } from '../../../test/build.js';
import { multipart, PDF, PNG } from '../../../test/uploads.js';
import { createDefaultNetwork } from '../../../test/fleets.js';

const UBUNTU = '6a1f0c1e-0000-4000-8000-000000000001';

let t: TestApp;
let staffToken: string;
let staffEmail: string;
beforeAll(async () => {
  t = await build();
  const member = await t.createStaff();
  staffEmail = member.email;
  staffToken = await t.signInStaff(member);
});
afterAll(() => t.close());

/** A request a second after the one before, so that every change has a time of its own. */
const req = (...args: Parameters<TestApp['request']>) => {
  t.clock.advance(1000);
  return t.request(...args);
};
const refused = (r: Response, status: number, msg: string) => {
  expect(r.statusCode, r.body).toBe(status);
  expect(body(r).msg).toBe(msg);
};
const errors = (r: Response) => Object.fromEntries((body(r).errors ?? []).map((e) => [e.path, e.message]));

interface Customer extends Tenant {
  token: string;
  vmId: string;
  orderId: string;
}

/** A tenant signed in, with a VM and a data-store contract (rows written directly). */
async function customer(): Promise<Customer> {
  const tenant = await t.createTenant();
  const token = await t.signIn(tenant.root, tenant.client);
  const clientId = tenant.client.id;
  const { vpc } = await createDefaultNetwork(t.db, clientId);
  const [vm] = await t.db
    .insert(vms)
    .values({
      clientId,
      name: 'web-1',
      status: VmStatus.RUNNING,
      templateId: UBUNTU,
      cpuCore: 2,
      ramSize: 4,
      vpcId: vpc.id,
    })
    .returning({ id: vms.id });
  const orderId = `DS20260301-${tenant.client.clientNumber.slice(-6)}`;
  await t.db.insert(ccisTerms).values({
    clientId,
    orderId,
    kind: 'new',
    months: 12,
    beginDate: '2026-03-01',
    expireDate: '2027-03-01',
    commitGb: 1024,
    autoExtend: false,
    monthlyPrice: '1000',
    termPrice: '12000',
    purchaseDay: '2026-03-01',
    idempotencyKey: orderId,
    requestDigest: '1024:12:N',
    account: tenant.root.account,
  });
  return { ...tenant, token, vmId: vm!.id, orderId };
}

const newTicket = (c: Customer, extra: Record<string, unknown> = {}) => ({
  contactName: 'Lin',
  contactMail: `contact-${c.client.clientNumber}@example.com`,
  contactMobile: '0912345678',
  contactPhone: '0223456789',
  vmId: c.vmId,
  ticketCode: 'vm',
  ticketRemark: 'The VM does not answer on port 443.',
  ...extra,
});

const create = (c: Customer, extra: Record<string, unknown> = {}, lang = 'zh-TW') =>
  req('POST', '/api/tickets', {
    token: c.token,
    body: newTicket(c, extra),
    headers: { 'accept-language': lang },
  });
const opsPost = (path: string, payload?: unknown) =>
  req('POST', `/api/ops/tickets${path}`, { token: staffToken, body: payload });

let a: Customer;
let b: Customer;
beforeAll(async () => {
  [a, b] = await Promise.all([customer(), customer()]);
});

describe('customer tickets', () => {
  it('opens a ticket about a VM: NEW, a readable number, the VM named, audited', async () => {
    const ticket = ok<Ticket>(await create(a));
    expect(ticketSchema.strict().parse(ticket)).toBeTruthy();
    expect(ticket).toMatchObject({
      status: 'NEW',
      ticketCode: 'vm',
      vmId: a.vmId,
      vmName: 'web-1',
      ccisId: null,
      account: a.root.account,
      attachments: [],
      responses: [],
    });
    expect(ticket.ticketNo).toMatch(/^T\d{8}\d{4}$/);
    const second = ok<Ticket>(await create(a));
    expect(second.ticketNo).not.toBe(ticket.ticketNo);
    expect(Number(second.ticketNo.slice(-4))).toBe(Number(ticket.ticketNo.slice(-4)) + 1);
    const [record] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ticket.create'), eq(auditLog.targetId, ticket.uuid)));
    expect(record).toMatchObject({ targetType: 'ticket', outcome: 'success', clientId: a.client.id });
  });

  it('opens one about the data-store contract alone; one of the two is required', async () => {
    const ticket = ok<Ticket>(await create(a, { vmId: null, ccisId: a.orderId, ticketCode: 'dataStore' }));
    expect(ticket).toMatchObject({ vmId: null, vmName: null, ccisId: a.orderId });
    const none = await create(a, { vmId: '', ccisId: null });
    refused(none, 400, 'FORMAT_ERROR');
    expect(errors(none)).toEqual({ vmId: 'validation.ticketTarget', ccisId: 'validation.ticketTarget' });
    const badPhone = await create(a, { contactMobile: '0912-345', contactMail: 'x@' });
    expect(errors(badPhone)).toEqual({
      contactMobile: 'validation.needBePhone',
      contactMail: 'validation.needBeFormat.Email',
    });
  });

  it("refuses another tenant's VM or contract as not found", async () => {
    const vm = await create(a, { vmId: b.vmId });
    refused(vm, 404, 'VM_NOT_FOUND');
    expect(errors(vm)).toEqual({ vmId: 'apiError.VM_NOT_FOUND' });
    const contract = await create(a, { vmId: null, ccisId: b.orderId });
    refused(contract, 404, 'CCIS_CONTRACT_NOT_FOUND');
    expect(errors(contract)).toEqual({ ccisId: 'apiError.CCIS_CONTRACT_NOT_FOUND' });
  });

  it("another tenant's ticket is not found, whatever is asked of it", async () => {
    const ticket = ok<Ticket>(await create(a));
    const asB = { token: b.token };
    refused(await req('GET', `/api/tickets/${ticket.uuid}`, asB), 404, 'NOT_FOUND');
    refused(
      await req('POST', `/api/tickets/${ticket.uuid}/reply`, { ...asB, body: { text: 'hi' } }),
      404,
      'NOT_FOUND',
    );
    refused(await req('POST', `/api/tickets/${ticket.uuid}/close`, asB), 404, 'NOT_FOUND');
    const list = ok<{ records: Ticket[] }>(await req('GET', '/api/tickets?limit=0', asB));
    expect(list.records.map((r) => r.uuid)).not.toContain(ticket.uuid);
  });

  it('needs myAccount/myTicket to see tickets and its manage to open one', async () => {
    const none = await t.createIam(a.client, { roles: [] });
    const noneToken = await t.signIn(none, a.client);
    refused(await req('GET', '/api/tickets', { token: noneToken }), 403, 'FORBIDDEN');
    const viewer = await t.createIam(a.client, { roles: ['readOnly'] });
    const viewerToken = await t.signIn(viewer, a.client);
    ok(await req('GET', '/api/tickets', { token: viewerToken }));
    refused(await req('POST', '/api/tickets', { token: viewerToken, body: newTicket(a) }), 403, 'FORBIDDEN');
  });

  it('lists newest first, filtered by status and searched by number or description', async () => {
    const c = await customer();
    const first = ok<Ticket>(await create(c, { ticketRemark: 'Billing question about March' }));
    const second = ok<Ticket>(await create(c));
    ok(await req('POST', `/api/tickets/${second.uuid}/close`, { token: c.token }));
    const all = ok<{ records: Ticket[]; total: number }>(
      await req('GET', '/api/tickets', { token: c.token }),
    );
    expect(all.records.map((r) => r.uuid)).toEqual([second.uuid, first.uuid]);
    expect(all.total).toBe(2);
    const closed = ok<{ records: Ticket[] }>(
      await req('GET', '/api/tickets?status=CLOSE', { token: c.token }),
    );
    expect(closed.records.map((r) => r.uuid)).toEqual([second.uuid]);
    const byRemark = ok<{ records: Ticket[] }>(
      await req('GET', '/api/tickets?search=march', { token: c.token }),
    );
    expect(byRemark.records.map((r) => r.uuid)).toEqual([first.uuid]);
    const byNo = ok<{ records: Ticket[] }>(
      await req('GET', `/api/tickets?search=${second.ticketNo}`, { token: c.token }),
    );
    expect(byNo.records.map((r) => r.uuid)).toEqual([second.uuid]);
  });
});

describe('the life of a ticket, customer and staff', () => {
  it('goes NEW, PROCESS, WAITING, PROCESS, CLOSE; each staff change mails the customer in its language', async () => {
    const c = await customer();
    const ticket = ok<Ticket>(await create(c, {}, 'en'));
    const to = ticket.contactMail;
    const id = ticket.uuid;
    // The contact learns the ticket's number at once, in the language it was opened in.
    let mail = await t.outbox.last(to);
    expect(mail.subject).toBe(`[${ticket.ticketNo}] We have received your support ticket`);
    expect(mail.text).toContain(`/#/myTicket/${id}`);

    // A reply on a new ticket leaves it new.
    const replied = ok<Ticket>(
      await req('POST', `/api/tickets/${id}/reply`, {
        token: c.token,
        body: { text: 'Still down.' },
        headers: { 'accept-language': 'en' },
      }),
    );
    expect(replied.status).toBe('NEW');

    // The staff queue shows it with its customer.
    const queue = ok<{ records: OpsTicket[] }>(
      await req('GET', '/api/ops/tickets?limit=0', { token: staffToken }),
    );
    const queued = queue.records.find((r) => r.uuid === id)!;
    expect(opsTicketSchema.strict().parse(queued)).toMatchObject({
      clientNumber: c.client.clientNumber,
      companyName: c.client.companyName,
      assignee: null,
      lang: 'en',
      status: 'NEW',
    });

    const picked = ok<OpsTicket>(await opsPost(`/${id}/pick-up`));
    expect(picked).toMatchObject({ status: 'PROCESS', assignee: staffEmail });
    mail = await t.outbox.last(to);
    expect(mail.subject).toBe(`[${ticket.ticketNo}] Your support ticket is being handled`);
    expect(mail.text).toContain(`/#/myTicket/${id}`);
    refused(await opsPost(`/${id}/pick-up`), 400, 'TICKET_STATUS_ERROR');

    const answered = ok<OpsTicket>(
      await opsPost(`/${id}/answer`, { text: 'Please restart the web server.', status: 'WAITING' }),
    );
    expect(answered.status).toBe('WAITING');
    mail = await t.outbox.last(to);
    expect(mail.subject).toBe(`[${ticket.ticketNo}] New reply to your support ticket`);
    expect(mail.text).toContain('Please restart the web server.');
    expect(mail.text).toContain('Status: Waiting for your reply.');

    // The customer sees the answer (staff unnamed) and replies: back in work.
    const seen = ok<Ticket>(await req('GET', `/api/tickets/${id}`, { token: c.token }));
    expect(seen.status).toBe('WAITING');
    expect(seen.responses!.map((r) => [r.author, r.authorName, r.text, r.status])).toEqual([
      ['customer', c.root.account, 'Still down.', 'NEW'],
      ['staff', null, '', 'PROCESS'],
      ['staff', null, 'Please restart the web server.', 'WAITING'],
    ]);
    const back = ok<Ticket>(
      await req('POST', `/api/tickets/${id}/reply`, {
        token: c.token,
        body: { text: 'Restarted, thanks.' },
        headers: { 'accept-language': 'zh-TW' },
      }),
    );
    expect(back.status).toBe('PROCESS');

    // The reply moved the ticket's language: the next mail is in Chinese.
    const working = ok<OpsTicket>(await opsPost(`/${id}/answer`, { text: '正在確認。', status: 'PROCESS' }));
    expect(working).toMatchObject({ status: 'PROCESS', lang: 'zh-TW' });
    mail = await t.outbox.last(to);
    expect(mail.subject).toBe(`[${ticket.ticketNo}] 您的客服工單有新回覆`);
    expect(mail.text).toContain('狀態：處理中');

    const closed = ok<OpsTicket>(await opsPost(`/${id}/close`));
    expect(closed.status).toBe('CLOSE');
    expect(closed.closedAt).not.toBeNull();
    mail = await t.outbox.last(to);
    expect(mail.subject).toBe(`[${ticket.ticketNo}] 您的客服工單已結案`);
    expect((await t.outbox.list(to)).length).toBe(5);

    // Nothing after CLOSE but reading.
    refused(
      await req('POST', `/api/tickets/${id}/reply`, { token: c.token, body: { text: 'one more' } }),
      400,
      'TICKET_CLOSED',
    );
    refused(await req('POST', `/api/tickets/${id}/close`, { token: c.token }), 400, 'TICKET_CLOSED');
    refused(await opsPost(`/${id}/answer`, { text: 'x', status: 'PROCESS' }), 400, 'TICKET_CLOSED');
    refused(await opsPost(`/${id}/pick-up`), 400, 'TICKET_CLOSED');
    refused(await opsPost(`/${id}/close`), 400, 'TICKET_CLOSED');
    ok(await req('GET', `/api/tickets/${id}`, { token: c.token }));

    // The staff trail: each change, and the refusals, with the ticket.
    const trail = await t.db
      .select()
      .from(staffAuditEvents)
      .where(eq(staffAuditEvents.staffEmail, staffEmail));
    const ofTicket = trail.filter((e) => e.detail.ticketId === id);
    expect(
      ofTicket
        .filter((e) => e.outcome === 'success')
        .map((e) => e.action)
        .sort(),
    ).toEqual(['ticket.answer', 'ticket.answer', 'ticket.close', 'ticket.pickUp'].sort());
    expect(
      ofTicket.find((e) => e.action === 'ticket.pickUp' && e.outcome === 'success')!.detail,
    ).toMatchObject({
      ticketNo: ticket.ticketNo,
      from: 'NEW',
      status: 'PROCESS',
    });
    expect(ofTicket.filter((e) => e.outcome === 'failure').map((e) => e.detail.error)).toContain(
      'TICKET_CLOSED',
    );

    // The customer's own audit log: the ticket, its replies and the refusals.
    const records = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clientId, c.client.id), eq(auditLog.targetId, id)));
    expect(records.map((r) => `${r.action}:${r.outcome}`).sort()).toEqual(
      [
        'ticket.create:success',
        'ticket.reply:success',
        'ticket.reply:success',
        'ticket.reply:failure',
        'ticket.close:failure',
      ].sort(),
    );
  });

  it('the customer closes an open ticket; the queue leaves closed ones out unless asked', async () => {
    const c = await customer();
    const ticket = ok<Ticket>(await create(c));
    const closed = ok<Ticket>(await req('POST', `/api/tickets/${ticket.uuid}/close`, { token: c.token }));
    expect(closed.status).toBe('CLOSE');
    expect(closed.responses!.at(-1)).toMatchObject({ author: 'customer', text: '', status: 'CLOSE' });
    const open = ok<{ records: OpsTicket[] }>(
      await req('GET', '/api/ops/tickets?limit=0', { token: staffToken }),
    );
    expect(open.records.map((r) => r.uuid)).not.toContain(ticket.uuid);
    expect(open.records.every((r) => r.status !== 'CLOSE')).toBe(true);
    const updated = open.records.map((r) => r.updateDate);
    expect(updated).toEqual([...updated].sort());
    const done = ok<{ records: OpsTicket[] }>(
      await req('GET', `/api/ops/tickets?status=CLOSE&search=${c.client.clientNumber}`, {
        token: staffToken,
      }),
    );
    expect(done.records.map((r) => r.uuid)).toEqual([ticket.uuid]);
  });

  it('the staff routes need a staff session', async () => {
    refused(await req('GET', '/api/ops/tickets', { token: a.token }), 401, 'UNAUTHORIZED');
    refused(await req('GET', '/api/ops/tickets'), 401, 'UNAUTHORIZED');
  });
});

describe('files', () => {
  const upload = (token: string, name: string, bytes: Buffer, path = '/api/tickets/attachments') =>
    req('POST', path, { token, ...multipart(name, bytes) });

  it('are checked by their content, sent with a ticket and downloaded by its owner and staff', async () => {
    refused(
      await upload(a.token, 'screen.png', Buffer.from('<html>not a picture</html>')),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    const png = ok<{ id: string; contentType: string }>(await upload(a.token, 'screen.png', PNG));
    expect(png.contentType).toBe('image/png');
    const pdf = ok<{ id: string; contentType: string }>(await upload(a.token, 'log.pdf', PDF));
    expect(pdf.contentType).toBe('application/pdf');
    const ticket = ok<Ticket>(await create(a, { attachmentIds: [png.id] }));
    expect(ticket.attachments).toEqual([
      { id: png.id, name: 'screen.png', size: PNG.length, contentType: 'image/png' },
    ]);

    const file = await req('GET', `/api/tickets/${ticket.uuid}/attachments/${png.id}`, { token: a.token });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect(file.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    expect(String(file.headers['content-disposition'])).toContain('attachment;');
    refused(
      await req('GET', `/api/tickets/${ticket.uuid}/attachments/${png.id}`, { token: b.token }),
      404,
      'NOT_FOUND',
    );
    const staffFile = await req('GET', `/api/ops/tickets/${ticket.uuid}/attachments/${png.id}`, {
      token: staffToken,
    });
    expect(staffFile.statusCode).toBe(200);

    // A reply with the PDF; a file already sent, or someone else's, is refused and nothing changes.
    const replied = ok<Ticket>(
      await req('POST', `/api/tickets/${ticket.uuid}/reply`, {
        token: a.token,
        body: { text: 'The log', attachmentIds: [pdf.id] },
      }),
    );
    expect(replied.responses![0]!.attachments.map((f) => f.id)).toEqual([pdf.id]);
    const bFile = ok<{ id: string }>(await upload(b.token, 'b.png', PNG));
    for (const ids of [[png.id], [bFile.id]]) {
      refused(
        await req('POST', `/api/tickets/${ticket.uuid}/reply`, {
          token: a.token,
          body: { text: 'again', attachmentIds: ids },
        }),
        400,
        'TICKET_ATTACHMENT_NOT_FOUND',
      );
    }

    // Staff answer with a file of their own, which the customer then downloads.
    const staffPng = ok<{ id: string }>(
      await upload(staffToken, 'fix.png', PNG, `/api/ops/tickets/${ticket.uuid}/attachments`),
    );
    const answered = ok<OpsTicket>(
      await opsPost(`/${ticket.uuid}/answer`, {
        text: 'See the picture',
        status: 'WAITING',
        attachmentIds: [staffPng.id],
      }),
    );
    expect(answered.responses!.at(-1)!.attachments.map((f) => f.id)).toEqual([staffPng.id]);
    const fromStaff = await req('GET', `/api/tickets/${ticket.uuid}/attachments/${staffPng.id}`, {
      token: a.token,
    });
    expect(fromStaff.statusCode).toBe(200);
  });
});
