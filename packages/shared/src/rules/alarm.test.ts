import { describe, expect, it } from 'vitest';
import { alarmCreateSchema, alarmUpdateSchema } from '../schemas/alarm.js';
import {
  alarmCriticalRule,
  alarmEmailProblems,
  alarmMetricValue,
  alarmProblems,
  budgetSpendPct,
  budgetThresholdReached,
  decimalUnits,
  formatDecimalUnits,
  isAlarmBudgetAmount,
  isAlarmContinuance,
  isAlarmCoolDown,
  isAlarmThresholdPct,
} from './alarm.js';

const metric = {
  alarmName: 'cpu-high',
  kind: 'metric',
  vmUuid: '6a1f0c1e-0000-4000-8000-000000000001',
  item: 'cpu',
  operator: '>',
  criticalNumber: 80,
  continuance: 3,
  coolDownTime: 10,
  emails: ['ops@example.com'],
} as const;
const budget = {
  alarmName: 'monthly',
  kind: 'budget',
  budgetAmount: '10000',
  thresholdPct: 80,
  emails: ['billing@example.com'],
} as const;

const issues = (input: unknown) =>
  Object.fromEntries(
    (alarmCreateSchema.safeParse(input).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
  );

describe('alarm rules (spec section 5: positive integers, at most 10 emails)', () => {
  it('critical number, continuance and cool-down are positive integers within their bounds', () => {
    for (const rule of [alarmCriticalRule('cpu'), isAlarmContinuance, isAlarmCoolDown, isAlarmThresholdPct]) {
      expect(rule(1)).toBe(true);
      expect(rule('7')).toBe(true);
      for (const bad of [0, -1, 1.5, '1.5', 'x', '', null, ' 3'])
        expect(rule(bad), String(bad)).toBe('validation.needBePositiveInteger');
    }
    expect(alarmCriticalRule('cpu')(100)).toBe(true);
    expect(alarmCriticalRule('memory')(101)).toBe('validation.needBeIntegerInRange');
    expect(alarmCriticalRule('netIn')(50_000)).toBe(true);
    expect(alarmCriticalRule('diskRead')(10_000_001)).toBe('validation.needBeIntegerInRange');
    expect(isAlarmContinuance(1440)).toBe(true);
    expect(isAlarmContinuance(1441)).toBe('validation.needBeIntegerInRange');
    expect(isAlarmCoolDown(10_080)).toBe(true);
    expect(isAlarmCoolDown(10_081)).toBe('validation.needBeIntegerInRange');
    expect(isAlarmContinuance.values).toEqual({ min: 1, max: '1,440' });
  });

  it('emails: 1 to 10, each valid, none twice (case-insensitive)', () => {
    expect(alarmEmailProblems(['a@example.com'])).toEqual({});
    expect(alarmEmailProblems([])).toEqual({ emails: 'validation.notEmpty' });
    const ten = Array.from({ length: 10 }, (_, i) => `u${i}@example.com`);
    expect(alarmEmailProblems(ten)).toEqual({});
    expect(alarmEmailProblems([...ten, 'x@example.com'])).toEqual({ emails: 'validation.alarmEmailsMax' });
    expect(alarmEmailProblems(['a@example.com', 'nope', '', 'A@Example.com'])).toEqual({
      'emails.1': 'validation.needBeFormat.Email',
      'emails.2': 'validation.notEmpty',
      'emails.3': 'validation.alarmEmailDuplicate',
    });
  });

  it('a budget is a decimal above 0 with up to four places', () => {
    for (const ok of ['1', '10000', '0.5', '1234.5678', 1000])
      expect(isAlarmBudgetAmount(ok), String(ok)).toBe(true);
    for (const bad of ['0', '0.0000', '-5', '1.23456', 'abc', '', '1e3', '1000000000.0001'])
      expect(isAlarmBudgetAmount(bad), bad).toBe('validation.alarmBudgetAmount');
  });

  it('a metric alarm needs its VM, metric, operator and numbers; a budget alarm its amount and threshold', () => {
    expect(alarmProblems(metric)).toEqual({});
    expect(alarmProblems(budget)).toEqual({});
    expect(alarmProblems({ kind: 'metric', emails: [] })).toEqual({
      alarmName: 'validation.notEmpty',
      vmUuid: 'validation.notEmpty',
      item: 'validation.notEmpty',
      operator: 'validation.notEmpty',
      criticalNumber: 'validation.notEmpty',
      continuance: 'validation.notEmpty',
      coolDownTime: 'validation.notEmpty',
      emails: 'validation.notEmpty',
    });
    expect(alarmProblems({ kind: 'budget', alarmName: '-bad', emails: ['x@example.com'] })).toEqual({
      alarmName: 'validation.needBeResourceName',
      budgetAmount: 'validation.notEmpty',
      thresholdPct: 'validation.notEmpty',
    });
  });

  it('the create schema reports every problem at once, a wrong type once', () => {
    expect(alarmCreateSchema.safeParse(metric).success).toBe(true);
    expect(alarmCreateSchema.safeParse(budget).success).toBe(true);
    expect(
      issues({ ...metric, criticalNumber: 'abc', continuance: 0, emails: ['x', 'ops@example.com'] }),
    ).toEqual({
      criticalNumber: 'validation.needBePositiveInteger',
      continuance: 'validation.needBePositiveInteger',
      'emails.0': 'validation.needBeFormat.Email',
    });
    expect(issues({ ...metric, item: 'gpu' })).toEqual({ item: 'validation.needBeOneOf' });
    expect(issues(null)).not.toEqual({});
    // Emails of the wrong type are refused as such (the rules across fields once failed on them).
    for (const emails of ['ops@example.com', { a: 1 }, 7])
      expect(issues({ ...metric, emails })).toEqual({ emails: 'validation.notEmpty' });
    expect(issues({ ...metric, vmUuid: 'web-01' })).toEqual({ vmUuid: 'validation.needBeOneOf' });
    // A change is checked per field here; the server checks the alarm it would make.
    expect(alarmUpdateSchema.safeParse({ criticalNumber: 90 }).success).toBe(true);
    expect(alarmUpdateSchema.safeParse({ criticalNumber: 'x' }).success).toBe(false);
  });
});

describe('alarm values', () => {
  it('reads a sample in the metric unit: percent, or KB/s of the bytes per second', () => {
    const sample = {
      cpuPct: 81.5,
      memPct: 40,
      diskReadBps: 2048,
      diskWriteBps: 1024,
      netInBps: 512,
      netOutBps: 0,
    };
    expect(alarmMetricValue('cpu', sample)).toBe(81.5);
    expect(alarmMetricValue('memory', sample)).toBe(40);
    expect(alarmMetricValue('diskRead', sample)).toBe(2);
    expect(alarmMetricValue('diskWrite', sample)).toBe(1);
    expect(alarmMetricValue('netIn', sample)).toBe(0.5);
    expect(alarmMetricValue('netOut', sample)).toBe(0);
  });

  it('compares spend with a budget threshold exactly', () => {
    expect(decimalUnits('1234.5')).toBe(12_345_000n);
    expect(decimalUnits('-0.0001')).toBe(-1n);
    expect(formatDecimalUnits(12_345_000n)).toBe('1234.5000');
    // 80 % of 10,000 is 8,000: one ten-thousandth below does not reach it.
    expect(budgetThresholdReached('7999.9999', '10000', 80)).toBe(false);
    expect(budgetThresholdReached('8000.0000', '10000', 80)).toBe(true);
    // 0.1 + 0.2 of a float would miss: 30 % of 1 is 0.3.
    expect(budgetThresholdReached('0.3', '1', 30)).toBe(true);
    expect(budgetThresholdReached('12000', '10000', 120)).toBe(true);
    expect(budgetThresholdReached('0', '10000', 1)).toBe(false);
    expect(budgetSpendPct('8123.4567', '10000')).toBe('81.2');
  });
});
