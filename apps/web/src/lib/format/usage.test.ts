import { describe, expect, it } from 'vitest';
import { codeKey, formatMonth, formatQuantity, formatUnitPrice, priceName } from './usage';

describe('usage figures', () => {
  it('shows unit prices with two to four decimals, from the digits', () => {
    expect(formatUnitPrice('0.8500')).toBe('0.85');
    expect(formatUnitPrice('4.5000')).toBe('4.50');
    expect(formatUnitPrice('0.0001')).toBe('0.0001');
    expect(formatUnitPrice('6000.0000')).toBe('6,000.00');
  });

  it('groups quantities and keeps up to three decimals', () => {
    expect(formatQuantity('72000', 'en')).toBe('72,000');
    expect(formatQuantity('3.6', 'en')).toBe('3.6');
    expect(formatQuantity('0.425123456', 'en')).toBe('0.425');
  });

  it('names months and codes in the reader’s language', () => {
    expect(formatMonth('2026-11', 'en')).toBe('November 2026');
    expect(formatMonth('2026-11', 'zh-TW')).toBe('2026年11月');
    expect(codeKey('obs.storage.contract')).toBe('obs_storage_contract');
    const prices = {
      'vm.vcpu': { nameC: 'vCPU', nameE: 'vCPU' },
      'disk.ssd': { nameC: 'SSD 磁碟', nameE: 'SSD disk' },
    };
    expect(priceName('disk.ssd', prices, 'zh-TW')).toBe('SSD 磁碟');
    expect(priceName('disk.ssd', prices, 'en')).toBe('SSD disk');
    expect(priceName('nope', prices, 'en')).toBeUndefined();
  });
});
