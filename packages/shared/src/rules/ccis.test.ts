import { describe, expect, it } from 'vitest';
import { ccisMonthlyEstimate, ccisTermTotal } from '../pricing/estimate.js';
import { ccisPurchaseSchema } from '../schemas/ccis.js';
import {
  type CcisTermFacts,
  addDays,
  addMonths,
  ccisContractState,
  ccisExcessGb,
  ccisToday,
  daysBetween,
  isCcisCommitGb,
  planCcisPurchase,
} from './ccis.js';

const term = (over: Partial<CcisTermFacts> & { beginDate: string }): CcisTermFacts => ({
  orderId: over.orderId ?? 'o',
  months: 12,
  commitGb: 1000,
  autoExtend: false,
  expireDate: addMonths(over.beginDate, over.months ?? 12),
  ...over,
});
const buy = (commitGb: number, months = 12) => ({ commitGb, months, autoExtend: false });

describe('CCIS calendar days', () => {
  it('reads today in the customer time zone', () => {
    const now = new Date('2026-11-25T17:30:00Z');
    expect(ccisToday(now, 'Asia/Taipei')).toBe('2026-11-26');
    expect(ccisToday(now, 'UTC')).toBe('2026-11-25');
  });

  it('adds months keeping the end of a shorter month, and days', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2027-11-30', 3)).toBe('2028-02-29');
    expect(addMonths('2026-11-26', 12)).toBe('2027-11-26');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysBetween('2026-11-26', '2026-12-26')).toBe(30);
  });
});

describe('CCIS commitment field', () => {
  it('wants at least 1,000 GB in steps of 100', () => {
    expect(isCcisCommitGb(1000)).toBe(true);
    expect(isCcisCommitGb(1100)).toBe(true);
    expect(isCcisCommitGb(900)).toBe('validation.ccisCommitGb');
    expect(isCcisCommitGb(1050)).toBe('validation.ccisCommitGb');
    expect(isCcisCommitGb('abc')).toBe('validation.ccisCommitGb');
  });

  it('the schema allows 12, 24 or 36 months', () => {
    expect(ccisPurchaseSchema.safeParse(buy(1000, 24)).success).toBe(true);
    expect(ccisPurchaseSchema.safeParse(buy(1000, 13)).success).toBe(false);
    expect(ccisPurchaseSchema.safeParse(buy(1000, 6)).success).toBe(false);
    expect(ccisPurchaseSchema.safeParse(buy(950)).success).toBe(false);
  });
});

describe('CCIS contract state', () => {
  it('has no contract before any purchase or after a term ran out without auto-extend', () => {
    expect(ccisContractState([], '2026-11-26')).toEqual({ current: null, pending: null });
    const t = term({ beginDate: '2025-01-01' });
    expect(ccisContractState([t], '2026-01-01').current).toBeNull();
    expect(ccisContractState([t], '2025-12-31').current?.orderId).toBe('o');
  });

  it('renews a term with auto-extend by its months', () => {
    const t = term({ beginDate: '2025-01-01', autoExtend: true });
    const current = ccisContractState([t], '2026-03-01').current;
    expect(current).toMatchObject({ beginDate: '2026-01-01', expireDate: '2027-01-01', renewals: 1 });
  });

  it('a later term replaces what was planned from its first day; a reduction waits for expiry', () => {
    const first = term({ orderId: 'a', beginDate: '2026-01-01', commitGb: 3000 });
    const reduce = term({ orderId: 'b', beginDate: '2027-01-01', commitGb: 1000 });
    const state = ccisContractState([first, reduce], '2026-12-10');
    expect(state.current?.orderId).toBe('a');
    expect(state.pending?.orderId).toBe('b');
    expect(ccisContractState([first, reduce], '2027-01-01').current?.orderId).toBe('b');
    // An increase on 2026-12-15 replaces both the rest of the first term and the planned reduction.
    const grow = term({ orderId: 'c', beginDate: '2026-12-15', commitGb: 4000 });
    const after = ccisContractState([first, reduce, grow], '2026-12-20');
    expect(after.current?.orderId).toBe('c');
    expect(after.pending).toBeNull();
  });
});

describe('CCIS purchase rules', () => {
  const today = '2026-11-26';
  const current = ccisContractState([term({ beginDate: '2026-01-10', commitGb: 2000 })], today);

  it('buys a first contract from today', () => {
    expect(planCcisPurchase({ current: null }, buy(1000), today, false)).toEqual({
      kind: 'new',
      beginDate: today,
      expireDate: '2027-11-26',
    });
  });

  it('one purchase per day (CCIS_PURCHASE_TOO_OFTEN)', () => {
    expect(planCcisPurchase({ current: null }, buy(1000), today, true)).toBe('CCIS_PURCHASE_TOO_OFTEN');
  });

  it('at most 20 TB (CCIS_PURCHASE_FULL)', () => {
    expect(planCcisPurchase({ current: null }, buy(20_000), today, false)).toMatchObject({ kind: 'new' });
    expect(planCcisPurchase({ current: null }, buy(20_100), today, false)).toBe('CCIS_PURCHASE_FULL');
  });

  it('an increase runs at least as long as the current term (CCIS_PERIOD_MUST_BE_LONGER)', () => {
    const long = ccisContractState([term({ beginDate: '2026-01-10', months: 36 })], today);
    expect(planCcisPurchase(long, buy(2000, 24), today, false)).toBe('CCIS_PERIOD_MUST_BE_LONGER');
  });

  it('an increase starts today and must end after the old end (CCIS_NEW_END_MUST_AFTER_OLD_END)', () => {
    // Renewed by auto-extend this very day: a new 12-month term would end with the renewal.
    const renewed = ccisContractState([term({ beginDate: '2025-11-26', autoExtend: true })], today);
    expect(renewed.current).toMatchObject({ beginDate: today, renewals: 1 });
    expect(planCcisPurchase(renewed, buy(2000, 12), today, false)).toBe('CCIS_NEW_END_MUST_AFTER_OLD_END');
    expect(planCcisPurchase(renewed, buy(2000, 24), today, false)).toMatchObject({ kind: 'increase' });
    const long = ccisContractState([term({ beginDate: '2026-01-10', months: 36 })], today);
    expect(planCcisPurchase(long, buy(2000, 36), today, false)).toEqual({
      kind: 'increase',
      beginDate: today,
      expireDate: '2029-11-26',
    });
    expect(planCcisPurchase(current, buy(2000, 12), today, false)).toMatchObject({ kind: 'renew' });
  });

  it('a reduction only in the last 30 days, effective at expiry (CCIS_REDUCE_ON_LAST_MONTH)', () => {
    // The term ends 2027-01-10: 45 days ahead.
    expect(planCcisPurchase(current, buy(1000), today, false)).toBe('CCIS_REDUCE_ON_LAST_MONTH');
    expect(planCcisPurchase(current, buy(1000), '2026-12-11', false)).toMatchObject({
      kind: 'reduce',
      beginDate: '2027-01-10',
      expireDate: '2028-01-10',
    });
    expect(planCcisPurchase(current, buy(1000), '2026-12-10', false)).toBe('CCIS_REDUCE_ON_LAST_MONTH');
  });
});

describe('CCIS prices and excess', () => {
  it('prices the commitment exactly per month and per term', () => {
    const prices = { 'ccis.commit': '0.5500' };
    expect(ccisMonthlyEstimate(prices, 1000).total).toBe('550.0000');
    expect(ccisTermTotal(prices, 1300, 36)).toBe('25740.0000');
  });

  it('counts use above the commitment in whole GB rounded up', () => {
    expect(ccisExcessGb(999_000_000_000, 1000)).toBe(0);
    expect(ccisExcessGb(1_000_000_000_001, 1000)).toBe(1);
    expect(ccisExcessGb(5_500_000_000, 0)).toBe(6);
  });
});
