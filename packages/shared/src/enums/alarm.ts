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
