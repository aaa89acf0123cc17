import { describe, expect, it } from 'vitest';
import { systemLocale } from './locale.js';
import en from './locales/en.json' with { type: 'json' };
import zhTW from './locales/zh-TW.json' with { type: 'json' };

describe('the system locale', () => {
  it('reads LC_ALL, then LC_MESSAGES, then LANG: Chinese is zh-TW, anything else en', () => {
    expect(systemLocale({ LANG: 'zh_TW.UTF-8' })).toBe('zh-TW');
    expect(systemLocale({ LANG: 'zh_CN.UTF-8' })).toBe('zh-TW');
    expect(systemLocale({ LANG: 'en_US.UTF-8' })).toBe('en');
    expect(systemLocale({ LANG: 'de_DE.UTF-8' })).toBe('en');
    expect(systemLocale({})).toBe('en');
    expect(systemLocale({ LC_ALL: 'en_US.UTF-8', LANG: 'zh_TW.UTF-8' })).toBe('en');
    expect(systemLocale({ LC_MESSAGES: 'zh_TW.UTF-8', LANG: 'C' })).toBe('zh-TW');
    expect(systemLocale({ LC_ALL: 'zh_TW', LC_MESSAGES: 'C' })).toBe('zh-TW');
    // An empty variable is not set.
    expect(systemLocale({ LC_ALL: '', LANG: 'zh_TW.UTF-8' })).toBe('zh-TW');
  });

  it('has every message in both languages, with the same placeholders', () => {
    expect(Object.keys(zhTW).sort()).toEqual(Object.keys(en).sort());
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, text] of Object.entries(en))
      expect(placeholders(zhTW[key as keyof typeof zhTW]), key).toEqual(placeholders(text));
  });
});
