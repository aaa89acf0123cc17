import { describe, expect, it } from 'vitest';
import { vmAnnualMonthlyEstimate, vmAnnualTerm } from './estimate.js';

const prices = {
  'vm.vcpu': '0.8500',
  'vm.ram': '0.4200',
  'vm.vcpu.annual': '0.6000',
  'vm.ram.annual': '0.3000',
  'vm.image.windows': '0.6000',
  'vm.public-ip': '0.1500',
};

describe('annual contract prices (hand-computed)', () => {
  it('charges the annual vCPU and memory codes for 730 hours a month, times the months', () => {
    const linux = { cpuCore: 2, ramSize: 16, licensed: false, publicIp: false };
    // 2 × 730 × 0.60 = 876; 16 × 730 × 0.30 = 3,504
    const monthly = vmAnnualMonthlyEstimate(prices, linux);
    expect(monthly.lines).toEqual([
      { code: 'vm.vcpu.annual', quantity: 1460, amount: '876.0000' },
      { code: 'vm.ram.annual', quantity: 11680, amount: '3504.0000' },
    ]);
    const term = vmAnnualTerm(prices, linux, 12);
    expect(term.monthly.total).toBe('4380.0000');
    expect(term.term).toBe('52560.0000');
    // On demand: 2 × 730 × 0.85 = 1,241; 16 × 730 × 0.42 = 4,905.6
    expect(term.onDemandMonthly.total).toBe('6146.6000');
    expect(term.onDemandTerm).toBe('73759.2000');
  });

  it('keeps the licence and the public address at their usual prices', () => {
    const windows = { cpuCore: 4, ramSize: 16, licensed: true, publicIp: true };
    // 1,752 + 3,504 + licence 4 × 730 × 0.60 = 1,752 + address 730 × 0.15 = 109.5
    const term = vmAnnualTerm(prices, windows, 36);
    expect(term.monthly.lines.map((l) => l.code)).toEqual([
      'vm.vcpu.annual',
      'vm.ram.annual',
      'vm.image.windows',
      'vm.public-ip',
    ]);
    expect(term.monthly.total).toBe('7117.5000');
    expect(term.term).toBe('256230.0000');
  });

  it('is exact with four-place prices', () => {
    const odd = { ...prices, 'vm.vcpu.annual': '0.6137', 'vm.ram.annual': '0.3071' };
    // 6 × 730 × 0.6137 = 2,688.006; 12 × 730 × 0.3071 = 2,690.196; × 24 months
    const term = vmAnnualTerm(odd, { cpuCore: 6, ramSize: 12, licensed: false, publicIp: false }, 24);
    expect(term.monthly.total).toBe('5378.2020');
    expect(term.term).toBe('129076.8480');
  });

  it('prices nothing for a missing annual code or a term that is no whole number of months', () => {
    const term = vmAnnualTerm({}, { cpuCore: 2, ramSize: 4, licensed: false, publicIp: false }, 12);
    expect(term.term).toBe('0.0000');
    expect(vmAnnualTerm(prices, { cpuCore: 2, ramSize: 4, licensed: false, publicIp: false }, 1.5).term).toBe(
      '0.0000',
    );
  });
});
