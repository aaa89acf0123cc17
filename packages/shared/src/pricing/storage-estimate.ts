import { type Estimate, type PriceCodes, estimateOf, wholeOrZero } from './estimate.js';

/**
 * A snapshot's month: its GB (the volumes of its VM when it is taken) at `snapshot.storage`, as
 * the meter charges it while it is kept.
 */
export const snapshotMonthlyEstimate = (prices: PriceCodes, sizeGb: number): Estimate =>
  estimateOf(prices, [['snapshot.storage', wholeOrZero(sizeGb)]]);

/**
 * A snapshot rule's month once it keeps its full count: `retained` snapshots of each of its VMs,
 * each the GB of that VM's disks (`sizesGb`, one per VM), at `snapshot.storage`.
 */
export const snapshotRuleMonthlyEstimate = (
  prices: PriceCodes,
  sizesGb: number[],
  retained: number,
): Estimate =>
  estimateOf(prices, [
    ['snapshot.storage', sizesGb.reduce((sum, gb) => sum + wholeOrZero(gb), 0) * wholeOrZero(retained)],
  ]);

/**
 * A bucket's month: nothing for the bucket itself; what it stores, by the GB-month at
 * `obs.storage` (the meter's measure each hour). Within a data-store contract the stored data
 * counts against the commitment instead.
 */
export const bucketMonthlyEstimate = (prices: PriceCodes): Estimate =>
  estimateOf(prices, [], ['obs.storage']);
