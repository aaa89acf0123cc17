import { desc, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  announcementSchema,
  opsAnnouncementSchema,
  pagedSchema,
  type AnnouncementBody,
  type OpsAnnouncement,
} from '@portal/shared';
import { body, build, type RequestOptions, type TestApp } from '../../../test/build.js';
import { announcements, staffAuditEvents } from '../../db/schema/index.js';

let t: TestApp;
let staffToken: string;
let staffEmail: string;
let customer: string;
beforeAll(async () => {
  t = await build();
  const member = await t.createStaff();
  staffEmail = member.email;
  staffToken = await t.signInStaff(member);
  const tenant = await t.createTenant();
  customer = await t.signIn(tenant.root, tenant.client);
});
afterAll(() => t.close());

const MINUTE = 60_000;
type Response = Awaited<ReturnType<TestApp['request']>>;
const errors = (r: Response) => Object.fromEntries((body(r).errors ?? []).map((e) => [e.path, e.message]));
const staff = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options: RequestOptions = {}) =>
  t.request(method, url, { token: staffToken, ...options });

/** A window from `from` to `to` minutes after the test clock's now. */
const draft = (
  title: string,
  from: number,
  to: number,
  extra: Partial<AnnouncementBody> = {},
): AnnouncementBody => {
  const now = t.clock.now().getTime();
  return {
    titleC: `${title} 公告`,
    titleE: `${title} notice`,
    bodyC: `${title} 內容`,
    bodyE: `${title} body`,
    level: 'maintenance',
    startsAt: new Date(now + from * MINUTE).toISOString(),
    endsAt: new Date(now + to * MINUTE).toISOString(),
    ...extra,
  };
};

async function create(draftBody: AnnouncementBody): Promise<OpsAnnouncement> {
  const r = await staff('POST', '/api/ops/announcements', { body: draftBody });
  expect(r.statusCode, r.body).toBe(200);
  return opsAnnouncementSchema.strict().parse(body<{ data: unknown }>(r).data);
}

/** What a customer is shown now, in a language. */
async function shown(language: string) {
  const r = await t.request('GET', '/api/announcements', {
    token: customer,
    headers: { 'accept-language': language },
  });
  expect(r.statusCode, r.body).toBe(200);
  return announcementSchema.strict().array().parse(body<{ data: unknown }>(r).data);
}

describe('announcements', () => {
  it('are shown to customers only while their window holds the server clock, in their language', async () => {
    const made = await create(draft('Window', 10, 20));
    expect(made).toMatchObject({ state: 'scheduled', createdBy: staffEmail, updatedBy: staffEmail });
    const mine = (list: { id: string }[]) => list.filter((a) => a.id === made.id);

    expect(mine(await shown('en'))).toEqual([]);
    t.clock.advance(10 * MINUTE);
    expect(mine(await shown('en'))).toEqual([
      {
        id: made.id,
        level: 'maintenance',
        title: 'Window notice',
        body: 'Window body',
        startsAt: made.startsAt,
        endsAt: made.endsAt,
      },
    ]);
    expect(mine(await shown('zh-TW,zh;q=0.9,en;q=0.5'))).toMatchObject([
      { title: 'Window 公告', body: 'Window 內容' },
    ]);
    // No Accept-Language: the default language, zh-TW.
    expect(mine(await shown(''))).toMatchObject([{ title: 'Window 公告' }]);
    t.clock.advance(10 * MINUTE);
    expect(mine(await shown('en'))).toEqual([]);
  });

  it('come newest first, and the staff list says where each stands', async () => {
    // Made while it still had a minute to run (an ended one is refused), then it ends.
    const ended = await create(draft('Ended', -60, 1));
    t.clock.advance(2 * MINUTE);
    const older = await create(draft('Older', -20, 60));
    const newer = await create(draft('Newer', -10, 60));
    const later = await create(draft('Later', 30, 60));
    const current = (await shown('en')).map((a) => a.id);
    expect(current.indexOf(newer.id)).toBeLessThan(current.indexOf(older.id));
    expect(current).not.toContain(ended.id);
    expect(current).not.toContain(later.id);

    const r = await staff('GET', '/api/ops/announcements?limit=0');
    const page = pagedSchema(opsAnnouncementSchema.strict()).parse(body<{ data: unknown }>(r).data);
    const states = new Map(page.records.map((a) => [a.id, a.state]));
    expect(states.get(ended.id)).toBe('ended');
    expect(states.get(older.id)).toBe('current');
    expect(states.get(later.id)).toBe('scheduled');
    const ids = page.records.map((a) => a.id);
    expect(ids.indexOf(later.id)).toBeLessThan(ids.indexOf(newer.id));
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(ended.id));

    // Paged, and filtered by state.
    const first = body<{ data: { records: unknown[]; total: number } }>(
      await staff('GET', '/api/ops/announcements?page=0&limit=2'),
    ).data;
    expect(first.records).toHaveLength(2);
    expect(first.total).toBe(page.total);
    const scheduled = body<{ data: { records: OpsAnnouncement[] } }>(
      await staff('GET', '/api/ops/announcements?state=scheduled&limit=0'),
    ).data.records;
    expect(scheduled.every((a) => a.state === 'scheduled')).toBe(true);
    expect(scheduled.map((a) => a.id)).toContain(later.id);
  });

  it('refuse an end before the start, a missing language and an unknown level, with the shared keys', async () => {
    const before = await t.db.select().from(announcements);
    const backwards = await staff('POST', '/api/ops/announcements', { body: draft('Backwards', 20, 10) });
    expect(backwards.statusCode).toBe(400);
    expect(body(backwards).msg).toBe('TIME_IS_ERROR');
    expect(errors(backwards)).toEqual({ endsAt: 'validation.startAfterEnd' });
    // One that has ended already would never be shown.
    const ended = await staff('POST', '/api/ops/announcements', { body: draft('Ended', -20, -10) });
    expect(body(ended).msg).toBe('DATE_MUST_GREATER_THAN_TODAY');
    expect(errors(ended)).toEqual({ endsAt: 'apiError.DATE_MUST_GREATER_THAN_TODAY' });

    const noEnglish = await staff('POST', '/api/ops/announcements', {
      body: draft('Half', 0, 10, { titleE: ' ', bodyE: '' }),
    });
    expect(noEnglish.statusCode).toBe(400);
    expect(errors(noEnglish)).toEqual({ titleE: 'validation.notEmpty', bodyE: 'validation.notEmpty' });
    const { titleC: _dropped, ...withoutChinese } = draft('Half', 0, 10);
    expect(errors(await staff('POST', '/api/ops/announcements', { body: withoutChinese }))).toEqual({
      titleC: 'validation.notEmpty',
    });
    const level = await staff('POST', '/api/ops/announcements', {
      body: { ...draft('Level', 0, 10), level: 'urgent' },
    });
    expect(errors(level)).toEqual({ level: 'validation.needBeOneOf' });
    const notDate = await staff('POST', '/api/ops/announcements', {
      body: { ...draft('Date', 0, 10), startsAt: 'tomorrow' },
    });
    expect(errors(notDate)).toMatchObject({ startsAt: 'validation.needBeDate' });
    // An update is checked the same way.
    const made = await create(draft('Checked', 0, 10));
    const r = await staff('PUT', `/api/ops/announcements/${made.id}`, { body: draft('Checked', 10, 0) });
    expect(errors(r)).toEqual({ endsAt: 'validation.startAfterEnd' });
    expect((await t.db.select().from(announcements)).length).toBe(before.length + 1);
  });

  it('are changed and deleted by staff, each change in the staff trail', async () => {
    const made = await create(draft('Trail', 0, 30));
    const second = await t.createStaff();
    const secondToken = await t.signInStaff(second);
    const changed = await t.request('PUT', `/api/ops/announcements/${made.id}`, {
      token: secondToken,
      body: draft('Trail v2', -5, 30, { level: 'warning' }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(body<{ data: OpsAnnouncement }>(changed).data).toMatchObject({
      titleE: 'Trail v2 notice',
      level: 'warning',
      state: 'current',
      createdBy: staffEmail,
      updatedBy: second.email,
    });
    expect((await shown('en')).find((a) => a.id === made.id)).toMatchObject({ level: 'warning' });

    const deleted = await staff('DELETE', `/api/ops/announcements/${made.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await shown('en')).find((a) => a.id === made.id)).toBeUndefined();
    expect((await staff('DELETE', `/api/ops/announcements/${made.id}`)).statusCode).toBe(404);
    expect((await staff('PUT', '/api/ops/announcements/nope', { body: draft('x', 0, 1) })).statusCode).toBe(
      404,
    );

    const trail = await t.db
      .select()
      .from(staffAuditEvents)
      .where(like(staffAuditEvents.action, 'announcement.%'))
      .orderBy(desc(staffAuditEvents.at));
    const ofThis = trail.filter((e) => e.detail.announcementId === made.id);
    expect(ofThis.map((e) => [e.action, e.outcome, e.staffEmail])).toEqual(
      expect.arrayContaining([
        ['announcement.create', 'success', staffEmail],
        ['announcement.update', 'success', second.email],
        ['announcement.delete', 'success', staffEmail],
        ['announcement.delete', 'failure', staffEmail],
      ]),
    );
    expect(ofThis.find((e) => e.action === 'announcement.create')?.detail).toMatchObject({
      title: 'Trail notice',
    });
    // The trail page lists them by action.
    const listed = await staff('GET', '/api/ops/audit?action=announcement.update');
    expect(listed.statusCode).toBe(200);
  });

  it('keep the staff routes from customers, and the customer route from callers without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/ops/announcements'],
      ['POST', '/api/ops/announcements'],
      ['PUT', '/api/ops/announcements/00000000-0000-4000-8000-000000000000'],
      ['DELETE', '/api/ops/announcements/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const r = await t.request(method, url, { token: customer, body: draft('Sneaky', 0, 10) });
      expect(r.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await t.request('GET', '/api/announcements')).statusCode).toBe(401);
    // A staff session is not a customer's.
    expect((await staff('GET', '/api/announcements')).statusCode).toBe(401);
  });
});
