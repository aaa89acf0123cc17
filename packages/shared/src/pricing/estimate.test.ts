import { describe, expect, it } from 'vitest';
import { diskMonthlyEstimate, estimateChange, newVmMonthlyEstimate, vmMonthlyEstimate } from './estimate.js';

const prices = {
  'vm.vcpu': '0.8500',
  'vm.ram': '0.4200',
  'vm.image.windows': '0.6000',
  'vm.public-ip': '0.1500',
  'disk.ssd': '4.5000',
  'disk.hdd': '1.8000',
};

describe('monthly estimates', () => {
  it('charges 730 hours of vCPU, memory and a public address', () => {
    // 2 × 0.85 × 730 = 1241; 4 × 0.42 × 730 = 1226.4; 0.15 × 730 = 109.5
    const e = vmMonthlyEstimate(prices, { cpuCore: 2, ramSize: 4, licensed: false, publicIp: true });
    expect(e.total).toBe('2576.9000');
    expect(e.lines.map((l) => l.code)).toEqual(['vm.vcpu', 'vm.ram', 'vm.public-ip']);
  });

  it('adds the Windows licence per vCPU-hour', () => {
    const e = vmMonthlyEstimate(prices, { cpuCore: 4, ramSize: 8, licensed: true, publicIp: false });
    // 4×0.85×730 = 2482; 8×0.42×730 = 2452.8; 4×0.6×730 = 1752
    expect(e.total).toBe('6686.8000');
  });

  it('is exact where floats would not be', () => {
    // 0.1 + 0.2-style sums: 3 × 0.4200 × 730 would be 919.8000000000001 in floats.
    const e = vmMonthlyEstimate(
      { 'vm.ram': '0.4200' },
      { cpuCore: 0, ramSize: 3, licensed: false, publicIp: false },
    );
    expect(e.total).toBe('919.8000');
  });

  it('prices disks by type and adds them to a new VM', () => {
    expect(diskMonthlyEstimate(prices, { diskSize: 100, diskSpeed: 1 }).total).toBe('180.0000');
    const e = newVmMonthlyEstimate(prices, {
      cpuCore: 2,
      ramSize: 4,
      licensed: false,
      publicIp: false,
      disks: [
        { diskSize: 50, diskSpeed: 0 },
        { diskSize: 100, diskSpeed: 0 },
      ],
    });
    expect(e.lines.find((l) => l.code === 'disk.ssd')).toEqual({
      code: 'disk.ssd',
      quantity: 150,
      amount: '675.0000',
    });
    expect(e.total).toBe('3142.4000');
  });

  it('counts nothing for sizes that are not whole numbers yet', () => {
    expect(
      vmMonthlyEstimate(prices, { cpuCore: NaN, ramSize: 1.5, licensed: false, publicIp: false }).total,
    ).toBe('0.0000');
  });

  it('says what a change does to the month, signed', () => {
    const small = diskMonthlyEstimate(prices, { diskSize: 100, diskSpeed: 0 });
    const large = diskMonthlyEstimate(prices, { diskSize: 200, diskSpeed: 0 });
    expect(estimateChange(small, large)).toBe('450.0000');
    expect(estimateChange(large, small)).toBe('-450.0000');
    expect(estimateChange(small, small)).toBe('0.0000');
  });
});
