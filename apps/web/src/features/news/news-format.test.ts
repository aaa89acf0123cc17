import { describe, expect, it } from 'vitest';
import { formatNewsDate, localized, pageFromSearch } from './news-format';

describe('news formatting', () => {
  it('dates a news item in Taipei time, in the reader language', () => {
    // 20:00 UTC on 9 November is already 10 November in Taipei.
    expect(formatNewsDate('2026-11-09T20:00:00Z', 'en')).toBe('10 November 2026');
    expect(formatNewsDate('2026-11-09T20:00:00Z', 'zh-TW')).toBe('2026/11/10');
  });

  it('picks the title and summary of the language', () => {
    const item = {
      id: '1',
      publishedAt: '',
      titleC: '標題',
      titleE: 'Title',
      summaryC: '摘要',
      summaryE: 'Summary',
    };
    expect(localized(item, 'en')).toEqual({ title: 'Title', summary: 'Summary' });
    expect(localized(item, 'zh-TW')).toEqual({ title: '標題', summary: '摘要' });
  });

  it('reads the 1-based page of the address as a 0-based page', () => {
    expect(pageFromSearch(null)).toBe(0);
    expect(pageFromSearch('1')).toBe(0);
    expect(pageFromSearch('3')).toBe(2);
    expect(pageFromSearch('0')).toBe(0);
    expect(pageFromSearch('-2')).toBe(0);
    expect(pageFromSearch('2.5')).toBe(0);
    expect(pageFromSearch('abc')).toBe(0);
  });
});
