import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it('shows two places, rounded half up, grouped by thousands', () => {
    expect(formatMoney('1234.5650')).toBe('1,234.57');
    expect(formatMoney('1234.5649')).toBe('1,234.56');
    expect(formatMoney('0.0050')).toBe('0.01');
    expect(formatMoney('999999.9950')).toBe('1,000,000.00');
    expect(formatMoney('12')).toBe('12.00');
  });

  it('leaves text that is no amount as it is', () => {
    expect(formatMoney('n/a')).toBe('n/a');
  });
});
