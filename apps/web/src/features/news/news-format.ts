import type { NewsSummary } from '@portal/shared';

/** The operator is in Taiwan: a news date is the date in Taipei, whatever the reader's zone. */
export function formatNewsDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'zh-TW', {
    year: 'numeric',
    month: language === 'en' ? 'long' : '2-digit',
    day: language === 'en' ? 'numeric' : '2-digit',
    timeZone: 'Asia/Taipei',
  }).format(new Date(iso));
}

/** The title and summary in the reader's language. */
export function localized(item: NewsSummary, language: string) {
  return language === 'en'
    ? { title: item.titleE, summary: item.summaryE }
    : { title: item.titleC, summary: item.summaryC };
}

/** The 1-based page of the address (`?page=2`) as the API's 0-based page; anything odd is page 0. */
export function pageFromSearch(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n - 1 : 0;
}
