import { describe, expect, it } from 'vitest';
import { meteredAmount, recentMonths, shiftMonth, sumAmounts, valuationItemOf } from './usage.js';

describe('metered amounts', () => {
  it('prices hourly quantities at hourly prices', () => {
    // A 2-vCPU, 4 GB VM running 10 hours: 20 vCPU-hours × 0.85 and 40 GB-hours × 0.42.
    expect(meteredAmount('20', '0.8500', 1)).toBe('17.0000');
    expect(meteredAmount('40', '0.4200', 1)).toBe('16.8000');
    // On an annual contract: 0.60 and 0.30.
    expect(meteredAmount('20', '0.6000', 1)).toBe('12.0000');
    expect(meteredAmount('40', '0.3000', 1)).toBe('12.0000');
  });

  it('divides GB-hours by 730 for a GB-month price, rounding half up once', () => {
    // 100 GB for a 30-day month: 72,000 GB-hours × 4.5 ÷ 730 = 443.835616…
    expect(meteredAmount('72000', '4.5000', 730)).toBe('443.8356');
    // ... for 730 hours exactly one GB-month: 450.
    expect(meteredAmount('73000', '4.5000', 730)).toBe('450.0000');
    // 50 GB for 10 hours: 500 × 4.5 ÷ 730 = 3.082191…
    expect(meteredAmount('500', '4.5000', 730)).toBe('3.0822');
    // Half a ten-thousandth goes up: 1 × 0.0001 ÷ 2 = 0.00005.
    expect(meteredAmount('1', '0.0001', 2)).toBe('0.0001');
    expect(meteredAmount('1', '0.0001', 3)).toBe('0.0000');
  });

  it('prices transfer in decimal GB with nine places exactly', () => {
    // 1.234567891 GB × 2.4 = 2.9629629384 → 2.9630
    expect(meteredAmount('1.234567891', '2.4000', 1)).toBe('2.9630');
  });

  it('charges nothing without a price', () => {
    expect(meteredAmount('100', undefined, 730)).toBe('0.0000');
    expect(meteredAmount('100', '1.0000', 0)).toBe('0.0000');
  });

  it('sums amounts exactly where floats would not', () => {
    expect(sumAmounts(['0.1000', '0.2000'])).toBe('0.3000');
    expect(sumAmounts(['17.0000', '16.8000', '3.0822'])).toBe('36.8822');
    expect(sumAmounts([])).toBe('0.0000');
  });
});

describe('months', () => {
  it('shifts across years', () => {
    expect(shiftMonth('2026-01', 1)).toBe('2025-12');
    expect(shiftMonth('2026-12', -1)).toBe('2027-01');
    expect(recentMonths('2026-03', 4)).toEqual(['2026-03', '2026-02', '2026-01', '2025-12']);
    expect(recentMonths('2026-11')).toHaveLength(12);
  });
});

describe('valuation items', () => {
  it('puts each line under the spec’s items', () => {
    expect(valuationItemOf('vm', 'vm.vcpu')).toBe('cpus');
    expect(valuationItemOf('vm', 'vm.vcpu.annual')).toBe('cpus');
    expect(valuationItemOf('vm', 'vm.ram.annual')).toBe('ram');
    expect(valuationItemOf('vm', 'vm.image.windows')).toBe('chargedImages');
    expect(valuationItemOf('cluster', 'vm.vcpu')).toBe('clusters');
    expect(valuationItemOf('vm', 'vpc.transfer')).toBe('bandwidth');
    expect(valuationItemOf('vpc', 'vpc.p95')).toBe('bandwidth');
    expect(valuationItemOf('bucket', 'obs.storage.contract')).toBe('objectStorage');
    expect(valuationItemOf('dataStore', 'ccis.excess')).toBe('totalExcess');
    expect(valuationItemOf('firewall', 'firewall.instance')).toBe('firewalls');
    expect(valuationItemOf('exchange', 'ccx.port')).toBe('exchanges');
  });
});
