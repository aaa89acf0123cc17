import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { NewsItem, NewsPage } from '@portal/shared';
import { api } from '../../lib/api/api-client';
import { resourceKeys } from '../../lib/api/query-keys';

const newsKeys = resourceKeys('/news');
export const NEWS_PER_PAGE = 6;

/** One page of the news (page from 0); the previous page stays shown while the next loads. */
export function useNewsPage(page: number) {
  return useQuery({
    queryKey: newsKeys.list({ page, limit: NEWS_PER_PAGE }),
    queryFn: () => api.get<NewsPage>('/news', { query: { page, limit: NEWS_PER_PAGE, t: Date.now() } }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useNewsItem(id: string) {
  return useQuery({
    queryKey: newsKeys.detail(id),
    queryFn: () => api.get<NewsItem>(`/news/${encodeURIComponent(id)}`, { query: { t: Date.now() } }),
    staleTime: 60_000,
  });
}
