import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsItem, NewsPage } from '@portal/shared';
import { news } from '../../db/schema/index.js';
import { body, build, type TestApp } from '../../../test/build.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const page = async (query: string) => {
  const response = await t.request('GET', `/api/news${query}`);
  expect(response.statusCode).toBe(200);
  return body<{ data: NewsPage }>(response).data;
};

describe('news', () => {
  it('lists the seeded news newest first, in pages from 0, without a session', async () => {
    const first = await page('?page=0&limit=3');
    expect(first).toMatchObject({ total: 7, page: 0, limit: 3 });
    expect(first.records).toHaveLength(3);
    expect(first.records[0]?.titleE).toBe('Object storage adds lifecycle rules and presigned links');
    const dates = first.records.map((r) => r.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    // The list carries no bodies: they are for the item page.
    expect(first.records[0]).not.toHaveProperty('bodyE');

    const last = await page('?page=2&limit=3');
    expect(last.records).toHaveLength(1);
    expect(last.records[0]?.titleE).toBe('Two-factor sign-in for IAM users');
    expect((await page('?page=5&limit=3')).records).toEqual([]);
  });

  it('defaults to page 0 of 10 and refuses bad paging', async () => {
    expect(await page('')).toMatchObject({ page: 0, limit: 10, total: 7 });
    expect((await t.request('GET', '/api/news?limit=0')).statusCode).toBe(400);
    expect((await t.request('GET', '/api/news?limit=500')).statusCode).toBe(400);
    expect((await t.request('GET', '/api/news?page=-1')).statusCode).toBe(400);
  });

  it('answers one item with its body in both languages, 404 for an unknown one', async () => {
    const [newest] = (await page('?limit=1')).records;
    const response = await t.request('GET', `/api/news/${newest!.id}?t=1`);
    expect(response.statusCode).toBe(200);
    const item = body<{ data: NewsItem }>(response).data;
    expect(item).toMatchObject({ id: newest!.id, titleE: newest!.titleE, titleC: newest!.titleC });
    expect(item.bodyE.length).toBeGreaterThan(0);
    expect(item.bodyC).toHaveLength(item.bodyE.length);
    expect((await t.request('GET', '/api/news/99999')).statusCode).toBe(404);
    expect((await t.request('GET', '/api/news/x')).statusCode).toBe(400);
  });

  it('keeps an item scheduled for later out of the list and its page until its time', async () => {
    const later = new Date(t.clock.now().getTime() + 60 * 60_000);
    const [row] = await t.db
      .insert(news)
      .values({
        publishedAt: later,
        titleC: '排程公告',
        titleE: 'Scheduled notice',
        summaryC: '摘要',
        summaryE: 'Summary',
        bodyC: ['內容'],
        bodyE: ['Body'],
      })
      .returning();
    expect((await page('')).total).toBe(7);
    expect((await t.request('GET', `/api/news/${row!.id}`)).statusCode).toBe(404);

    t.clock.advance(2 * 60 * 60_000);
    const now = await page('?limit=1');
    expect(now.total).toBe(8);
    expect(now.records[0]?.titleE).toBe('Scheduled notice');
    expect((await t.request('GET', `/api/news/${row!.id}`)).statusCode).toBe(200);
  });
});
