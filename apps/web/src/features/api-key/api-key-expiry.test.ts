import { describe, expect, it } from 'vitest';
import { canExpireAt } from '@portal/shared';
import { EXPIRY_PRESETS, dayEnd, daysAfter } from './api-key-expiry';

describe('an API key’s end', () => {
  it('is the chosen day’s last moment in the browser’s zone, with its offset', () => {
    const sent = dayEnd('2027-01-31');
    expect(sent).toMatch(/^2027-01-31T23:59:59\.999[+-]\d{2}:\d{2}$/);
    const at = new Date(sent);
    expect([at.getFullYear(), at.getMonth(), at.getDate(), at.getHours(), at.getMinutes()]).toEqual([
      2027, 0, 31, 23, 59,
    ]);
  });

  it('is nothing for an empty or impossible day', () => {
    expect(dayEnd('')).toBe('');
    expect(dayEnd('2027-02-30')).toBe('');
  });

  it('counts presets in local days, the longest within the shared rule’s year', () => {
    const now = new Date(2026, 11, 30, 15, 0);
    expect(daysAfter(now, 30)).toBe('2027-01-29');
    for (const days of EXPIRY_PRESETS) expect(canExpireAt(dayEnd(daysAfter(now, days)), now)).toBe(true);
    expect(canExpireAt(dayEnd(daysAfter(now, 367)), now)).toBe('validation.apiKeyExpiry');
  });
});
