import { describe, expect, it } from 'vitest';
import { clusterHourlyTotal, clusterMonthlyEstimate } from './estimate.js';

const prices = {
  'vm.vcpu': '0.8500',
  'vm.ram': '0.4200',
  'cluster.database': '0.3500',
  'cluster.kubernetes': '0.2000',
};

describe('CCX cluster estimates', () => {
  it('charges each node as a VM of its size plus the database surcharge per vCPU-hour', () => {
    const e = clusterMonthlyEstimate(prices, { engine: 'postgresql', nodeSize: '2c4g', nodeCount: 3 });
    // 3 nodes × 2 vCPU × 730 h = 4380 vCPU-hours: 3723 + surcharge 1533; 8760 GB-hours: 3679.2
    expect(e.lines).toEqual([
      { code: 'vm.vcpu', quantity: 4380, amount: '3723.0000' },
      { code: 'vm.ram', quantity: 8760, amount: '3679.2000' },
      { code: 'cluster.database', quantity: 4380, amount: '1533.0000' },
    ]);
    expect(e.total).toBe('8935.2000');
    expect(clusterHourlyTotal(prices, { engine: 'postgresql', nodeSize: '2c4g', nodeCount: 3 })).toBe(
      '12.2400',
    );
  });

  it('uses the Kubernetes surcharge for Kubernetes workers, and grows with the node count', () => {
    const five = clusterMonthlyEstimate(prices, { engine: 'kubernetes', nodeSize: '4c8g', nodeCount: 5 });
    expect(five.lines.map((l) => l.code)).toEqual(['vm.vcpu', 'vm.ram', 'cluster.kubernetes']);
    // 20 vCPU × 730 = 14600: 12410 + 2920; 40 GB × 730 = 29200: 12264
    expect(five.total).toBe('27594.0000');
    const one = clusterMonthlyEstimate(prices, { engine: 'kubernetes', nodeSize: '4c8g', nodeCount: 1 });
    expect(one.total).toBe('5518.8000');
  });

  it('prices the same engine kind alike (MySQL and Redis are databases)', () => {
    const pg = clusterMonthlyEstimate(prices, { engine: 'postgresql', nodeSize: '8c32g', nodeCount: 1 });
    const my = clusterMonthlyEstimate(prices, { engine: 'mysql', nodeSize: '8c32g', nodeCount: 1 });
    const redis = clusterMonthlyEstimate(prices, { engine: 'redis', nodeSize: '8c32g', nodeCount: 1 });
    expect(my).toEqual(pg);
    expect(redis).toEqual(pg);
  });

  it('is zero, not NaN, for what a half-filled form gives', () => {
    for (const c of [
      { engine: 'oracle', nodeSize: '2c4g', nodeCount: 1 },
      { engine: 'mysql', nodeSize: 'huge', nodeCount: 1 },
      { engine: 'mysql', nodeSize: '2c4g', nodeCount: 0 },
      { engine: 'mysql', nodeSize: '2c4g', nodeCount: Number.NaN },
    ]) {
      expect(clusterMonthlyEstimate(prices, c)).toEqual({ lines: [], total: '0.0000', rates: [] });
      expect(clusterHourlyTotal(prices, c)).toBe('0.0000');
    }
    // A price the list lacks counts as 0.
    expect(clusterMonthlyEstimate({}, { engine: 'mysql', nodeSize: '2c4g', nodeCount: 1 }).total).toBe(
      '0.0000',
    );
  });
});
