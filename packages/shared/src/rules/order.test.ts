import { describe, expect, it } from 'vitest';
import { OrderStatus } from '../enums/order.js';
import { VmStatus } from '../enums/vm.js';
import { orderCreateSchema, orderListQuerySchema } from '../schemas/order.js';
import { type CcisTermFacts, addMonths, ccisTermOutcomes } from './ccis.js';
import {
  canCancelOrder,
  canConvertVmToAnnual,
  coolingOffEnds,
  orderStatusBefore,
  planOrderCancel,
  renewalsDue,
  withinCoolingOff,
} from './order.js';

const vmOrder = (status: number, orderDate = '2026-03-02') => ({ resType: 'vm', status, orderDate });

describe('order status by the day', () => {
  it('is about to expire in the last 30 days of the term', () => {
    expect(orderStatusBefore('2027-03-02', '2027-01-30')).toBe(OrderStatus.NORMAL);
    expect(orderStatusBefore('2027-03-02', '2027-01-31')).toBe(OrderStatus.ABOUT_TO_EXPIRE);
    expect(orderStatusBefore('2027-03-02', '2027-03-01')).toBe(OrderStatus.ABOUT_TO_EXPIRE);
  });

  it('counts the 7 days from the order date (the order day is the first)', () => {
    expect(withinCoolingOff('2026-03-02', '2026-03-02')).toBe(true);
    expect(withinCoolingOff('2026-03-02', '2026-03-08')).toBe(true);
    expect(withinCoolingOff('2026-03-02', '2026-03-09')).toBe(false);
    expect(coolingOffEnds('2026-03-02')).toBe('2026-03-08');
    expect(coolingOffEnds('2026-02-25')).toBe('2026-03-03');
  });

  it('renews term after term from the end until today is covered', () => {
    expect(renewalsDue('2027-03-02', 12, '2027-03-01')).toEqual([]);
    expect(renewalsDue('2027-03-02', 12, '2027-03-02')).toEqual([
      { beginDate: '2027-03-02', endDate: '2028-03-02' },
    ]);
    expect(renewalsDue('2027-01-31', 12, '2029-02-01').map((t) => t.endDate)).toEqual([
      '2028-01-31',
      '2029-01-31',
      '2030-01-31',
    ]);
  });
});

describe('cancelling an order', () => {
  it('within 7 days: cancelled under 7 days (7), whatever the term', () => {
    expect(planOrderCancel(vmOrder(1), '2026-03-08')).toBe(OrderStatus.CANCELLED_WITHIN_7_DAYS);
  });

  it('about to expire: expired and cancelled (3)', () => {
    expect(planOrderCancel(vmOrder(2), '2027-02-10')).toBe(OrderStatus.EXPIRED_CANCELLED);
  });

  it('otherwise the user contacts support; an ended order or a data-store contract is refused', () => {
    expect(planOrderCancel(vmOrder(1), '2026-03-09')).toBe('ORDER_CANCEL_NEEDS_SUPPORT');
    expect(canCancelOrder(vmOrder(1), '2026-06-01')).toBe('ORDER_CANCEL_NEEDS_SUPPORT');
    for (const status of [3, 4, 5, 6, 7]) {
      expect(canCancelOrder(vmOrder(status), '2026-03-03')).toBe('ORDER_STATUS_ERROR');
    }
    expect(canCancelOrder({ ...vmOrder(2), resType: 'ccis' }, '2027-02-10')).toBe(
      'ORDER_CANCEL_ON_DATA_STORE',
    );
    expect(canCancelOrder(vmOrder(2), '2027-02-10')).toBe(true);
  });
});

describe('converting a VM', () => {
  const vm = { status: VmStatus.RUNNING, pendingOperation: null, isAnnual: false };
  it('takes a running or stopped VM the cloud is not changing, once', () => {
    expect(canConvertVmToAnnual(vm)).toBe(true);
    expect(canConvertVmToAnnual({ ...vm, status: VmStatus.STOPPED })).toBe(true);
    expect(canConvertVmToAnnual({ ...vm, isAnnual: true })).toBe('VM_ALREADY_ANNUAL');
    expect(canConvertVmToAnnual({ ...vm, pendingOperation: 'reboot' })).toBe('VM_STATUS_ERROR');
    for (const status of [VmStatus.ERROR, VmStatus.LAUNCHING, VmStatus.EDITING, VmStatus.STARTING]) {
      expect(canConvertVmToAnnual({ ...vm, status })).toBe('VM_STATUS_ERROR');
    }
  });

  it('allows 12, 24 or 36 months and wants the password', () => {
    const ok = orderCreateSchema.safeParse({
      vmId: '9c1e7a52-4b3d-4f6e-8a2c-5d7e9f1b3c4a',
      months: 24,
      currentPassword: 'p',
    });
    expect(ok.success && ok.data.autoRenew).toBe(true);
    const bad = orderCreateSchema.safeParse({
      vmId: '9c1e7a52-4b3d-4f6e-8a2c-5d7e9f1b3c4a',
      months: 18,
      currentPassword: '',
    });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['months', 'validation.needBeOneOf'],
      ['currentPassword', 'validation.notEmpty'],
    ]);
  });

  it('reads a list of statuses from the query', () => {
    expect(orderListQuerySchema.parse({ status: '1,2,2' }).status).toEqual([1, 2]);
    expect(orderListQuerySchema.safeParse({ status: '1,8' }).success).toBe(false);
  });
});

describe('data-store terms as orders', () => {
  const term = (orderId: string, beginDate: string, over: Partial<CcisTermFacts> = {}): CcisTermFacts => ({
    orderId,
    months: 12,
    commitGb: 1000,
    autoExtend: false,
    beginDate,
    expireDate: addMonths(beginDate, over.months ?? 12),
    ...over,
  });

  it('cuts a term where a later purchase begins, and drops one replaced before it began', () => {
    const terms = [
      term('A', '2026-03-02'),
      // A reduction planned for the expiry...
      term('B', '2027-03-02', { commitGb: 1000 }),
      // ...overtaken by an increase before then.
      term('C', '2027-02-20', { commitGb: 2000 }),
    ];
    const outcomes = ccisTermOutcomes(terms, '2027-02-20');
    expect(outcomes.get('A')).toMatchObject({ expireDate: '2027-02-20' });
    expect(outcomes.get('B')).toBeNull();
    expect(outcomes.get('C')).toMatchObject({ beginDate: '2027-02-20', expireDate: '2028-02-20' });
  });

  it('carries an auto-extending last term past its end', () => {
    const outcomes = ccisTermOutcomes([term('A', '2026-03-02', { autoExtend: true })], '2027-03-02');
    expect(outcomes.get('A')).toMatchObject({
      beginDate: '2027-03-02',
      expireDate: '2028-03-02',
      renewals: 1,
    });
  });
});
