import { describe, expect, it } from 'vitest';
import { formatUnitPrice } from './price-format';

describe('formatUnitPrice', () => {
  it('drops trailing zeros of the exact decimal and keeps significant ones', () => {
    expect(formatUnitPrice('0.8500')).toBe('0.85');
    expect(formatUnitPrice('4.5000')).toBe('4.5');
    expect(formatUnitPrice('0.0001')).toBe('0.0001');
    expect(formatUnitPrice('180.0000')).toBe('180');
  });

  it('groups thousands without rounding through a float', () => {
    expect(formatUnitPrice('6000.0000')).toBe('6,000');
    expect(formatUnitPrice('123456789012.1234')).toBe('123,456,789,012.1234');
    expect(formatUnitPrice('0007.10')).toBe('7.1');
  });

  it('leaves anything that is not a plain decimal as it is', () => {
    expect(formatUnitPrice('n/a')).toBe('n/a');
  });
});
