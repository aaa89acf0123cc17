import { type EnumValue, labelKeyOf } from './enum.js';

/** Alarm status (spec section 4). Label keys `enums.alarmStatus.<value>`. */
export const AlarmStatus = { NORMAL: 0, ALARMING: 1, INSUFFICIENT_DATA: 2 } as const;
export type AlarmStatus = EnumValue<typeof AlarmStatus>;
export const alarmStatusLabelKey = labelKeyOf('alarmStatus', AlarmStatus);

/** The operator of an alarm's critical point. Label keys `enums.alarmOperator.<value>` (`enums.alarmOperator.>=`). */
export const AlarmOperator = { GT: '>', GE: '>=', LT: '<', LE: '<=' } as const;
export type AlarmOperator = EnumValue<typeof AlarmOperator>;
export const alarmOperatorLabelKey = labelKeyOf('alarmOperator', AlarmOperator);

/** Whether a metric value crosses the critical point (`value <op> critical`). */
export function alarmBreached(operator: AlarmOperator, value: number, critical: number): boolean {
  switch (operator) {
    case AlarmOperator.GT:
      return value > critical;
    case AlarmOperator.GE:
      return value >= critical;
    case AlarmOperator.LT:
      return value < critical;
    case AlarmOperator.LE:
      return value <= critical;
    default:
      return false;
  }
}

/**
 * What an alarm watches: one of a VM's metrics, or the tenant's month-to-date spend against a
 * budget (ours, issue 13: "budget alarms in the same alarm centre"). Label keys `enums.alarmKind.<value>`.
 */
export const AlarmKind = { METRIC: 'metric', BUDGET: 'budget' } as const;
export type AlarmKind = EnumValue<typeof AlarmKind>;
export const alarmKindLabelKey = labelKeyOf('alarmKind', AlarmKind);

/**
 * The metric ("item", spec section 3) of a metric alarm, read from the VM's minute samples.
 * Label keys `enums.alarmMetric.<value>`; units in ALARM_METRIC_UNITS (rules/alarm.ts).
 */
export const AlarmMetric = {
  CPU: 'cpu',
  MEMORY: 'memory',
  DISK_READ: 'diskRead',
  DISK_WRITE: 'diskWrite',
  NET_IN: 'netIn',
  NET_OUT: 'netOut',
} as const;
export type AlarmMetric = EnumValue<typeof AlarmMetric>;
export const alarmMetricLabelKey = labelKeyOf('alarmMetric', AlarmMetric);

/**
 * An entry of an alarm's history: it became alarming (or alarmed again after its cool-down), was
 * triggered by hand, came back to normal, or lost its data. Label keys `enums.alarmFiringKind.<value>`.
 */
export const AlarmFiringKind = {
  BREACH: 'breach',
  MANUAL: 'manual',
  RECOVERED: 'recovered',
  INSUFFICIENT: 'insufficient',
} as const;
export type AlarmFiringKind = EnumValue<typeof AlarmFiringKind>;
export const alarmFiringKindLabelKey = labelKeyOf('alarmFiringKind', AlarmFiringKind);
