import { and, count, desc, eq, lte } from 'drizzle-orm';
import type { NewsItem, NewsListQuery, NewsPage, NewsSummary } from '@portal/shared';
import type { Db } from '../../db/database.js';
import { news, type NewsRow } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import { notFound } from '../../platform/errors.js';

const toSummary = (row: Omit<NewsRow, 'bodyC' | 'bodyE' | 'createdAt'>): NewsSummary => ({
  id: String(row.id),
  publishedAt: row.publishedAt.toISOString(),
  titleC: row.titleC,
  titleE: row.titleE,
  summaryC: row.summaryC,
  summaryE: row.summaryE,
});

const summaryColumns = {
  id: news.id,
  publishedAt: news.publishedAt,
  titleC: news.titleC,
  titleE: news.titleE,
  summaryC: news.summaryC,
  summaryE: news.summaryE,
};

/** Public news: an item shows from its publication time on (so news can be scheduled). */
export function createNewsService(db: Db, clock: Clock) {
  const published = () => lte(news.publishedAt, clock.now());
  return {
    async list({ page, limit }: NewsListQuery): Promise<NewsPage> {
      const [rows, [total]] = await Promise.all([
        db
          .select(summaryColumns)
          .from(news)
          .where(published())
          // Matches news_published_idx, so a page is an index range scan however long the list.
          .orderBy(desc(news.publishedAt), desc(news.id))
          .limit(limit)
          .offset(page * limit),
        db.select({ n: count() }).from(news).where(published()),
      ]);
      return { records: rows.map(toSummary), total: total?.n ?? 0, page, limit };
    },
    async get(id: number): Promise<NewsItem> {
      const [row] = await db
        .select()
        .from(news)
        .where(and(eq(news.id, id), published()));
      if (!row) throw notFound();
      return { ...toSummary(row), bodyC: row.bodyC, bodyE: row.bodyE };
    },
  };
}

export type NewsService = ReturnType<typeof createNewsService>;
