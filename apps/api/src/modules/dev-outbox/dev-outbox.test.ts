import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, build, type TestApp } from '../../../test/build.js';

describe('GET /api/dev/outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  it('lists kept mail newest first, filtered by address without regard to case', async () => {
    const a = await t.createTenant({ twoFa: true });
    const b = await t.createTenant({ twoFa: true });
    // One at a time: mail jobs run side by side, and the outbox keeps the order of delivery.
    for (const { root, client } of [a, b, a]) {
      await t.login(t.loginBody(root, client));
      await t.outbox.settled();
    }

    const all = body<{
      data: { to: string; subject: string; text: string; html: string; createdAt: string }[];
    }>(await t.request('GET', '/api/dev/outbox')).data;
    expect(all.map((m) => m.to)).toEqual([a.root.account, b.root.account, a.root.account]);
    expect(all[0]?.html).toContain('<p>');
    expect(Date.parse(all[0]!.createdAt)).not.toBeNaN();

    const onlyA = body<{ data: unknown[] }>(
      await t.request('GET', `/api/dev/outbox?to=${encodeURIComponent(a.root.account.toUpperCase())}`),
    ).data;
    expect(onlyA).toHaveLength(2);
  });
});

describe('GET /api/dev/outbox in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ config: { env: 'production' } });
  });
  afterAll(() => t.close());

  it('does not exist', async () => {
    const response = await t.request('GET', '/api/dev/outbox');
    expect(response.statusCode).toBe(404);
    expect(body(response)).toEqual({ msg: 'NOT_FOUND' });
  });
});
