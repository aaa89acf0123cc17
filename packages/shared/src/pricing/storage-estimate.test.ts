import { describe, expect, it } from 'vitest';
import {
  bucketMonthlyEstimate,
  snapshotMonthlyEstimate,
  snapshotRuleMonthlyEstimate,
} from './storage-estimate.js';

const prices = { 'snapshot.storage': '1.5000', 'obs.storage': '0.7500' };

describe('storage estimates', () => {
  it('charges a snapshot its GB at snapshot.storage', () => {
    // A 50 GB root and a 100 GB data volume: 150 × 1.5
    expect(snapshotMonthlyEstimate(prices, 150)).toEqual({
      lines: [{ code: 'snapshot.storage', quantity: 150, amount: '225.0000' }],
      total: '225.0000',
      rates: [],
    });
    expect(snapshotMonthlyEstimate(prices, 0).total).toBe('0.0000');
  });

  it('charges a snapshot rule its full count of snapshots of each VM', () => {
    // Two VMs of 150 and 80 GB, 7 kept: 7 × 230 GB × 1.5
    expect(snapshotRuleMonthlyEstimate(prices, [150, 80], 7)).toEqual({
      lines: [{ code: 'snapshot.storage', quantity: 1610, amount: '2415.0000' }],
      total: '2415.0000',
      rates: [],
    });
    expect(snapshotRuleMonthlyEstimate(prices, [], 7).total).toBe('0.0000');
    expect(snapshotRuleMonthlyEstimate(prices, [150], Number.NaN).total).toBe('0.0000');
  });

  it('charges a bucket nothing fixed, its stored GB-months by use', () => {
    expect(bucketMonthlyEstimate(prices)).toEqual({
      lines: [],
      total: '0.0000',
      rates: [{ code: 'obs.storage', unitPrice: '0.7500' }],
    });
  });
});
