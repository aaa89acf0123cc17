import { describe, expect, it } from 'vitest';
import { pickLanguage } from './language.js';

describe('pickLanguage', () => {
  it('defaults to zh-TW', () => {
    expect(pickLanguage(undefined)).toBe('zh-TW');
    expect(pickLanguage('')).toBe('zh-TW');
    expect(pickLanguage('fr-FR, de;q=0.8')).toBe('zh-TW');
  });

  it('maps any English or Chinese tag to the language we write', () => {
    expect(pickLanguage('en')).toBe('en');
    expect(pickLanguage('en-GB')).toBe('en');
    expect(pickLanguage('zh-TW')).toBe('zh-TW');
    expect(pickLanguage('zh-Hant-TW')).toBe('zh-TW');
  });

  it('follows the quality values, then the order', () => {
    expect(pickLanguage('zh-TW;q=0.5, en;q=0.9')).toBe('en');
    expect(pickLanguage('fr, en, zh')).toBe('en');
    expect(pickLanguage('en;q=0, zh-TW')).toBe('zh-TW');
  });
});
