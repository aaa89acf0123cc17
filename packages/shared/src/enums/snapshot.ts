import { type EnumValue, labelKeyOf } from './enum.js';

/** Snapshot status (spec section 4). Label keys `enums.snapshotStatus.<value>`. */
export const SnapshotStatus = { PROCESSING: 0, COMPLETED: 1, RESTORING: 2, DELETING: 6 } as const;
export type SnapshotStatus = EnumValue<typeof SnapshotStatus>;
export const snapshotStatusLabelKey = labelKeyOf('snapshotStatus', SnapshotStatus);

/** Statuses that end by themselves: a list polls while any snapshot is in one. */
export const SNAPSHOT_TRANSITIONAL_STATUSES: ReadonlySet<SnapshotStatus> = new Set<SnapshotStatus>([
  SnapshotStatus.PROCESSING,
  SnapshotStatus.RESTORING,
  SnapshotStatus.DELETING,
]);

/** Snapshot rule (policy) cycle, policyCycle. Label keys `enums.snapshotPolicyCycle.<value>`. */
export const SnapshotPolicyCycle = { HALF_DAILY: 0, DAILY: 1, WEEKLY: 2 } as const;
export type SnapshotPolicyCycle = EnumValue<typeof SnapshotPolicyCycle>;
export const snapshotPolicyCycleLabelKey = labelKeyOf('snapshotPolicyCycle', SnapshotPolicyCycle);

/** Day of a weekly snapshot rule, 1 Monday to 7 Sunday. Label keys `enums.weekday.<value>`. */
export const Weekday = {
  MONDAY: 1,
  TUESDAY: 2,
  WEDNESDAY: 3,
  THURSDAY: 4,
  FRIDAY: 5,
  SATURDAY: 6,
  SUNDAY: 7,
} as const;
export type Weekday = EnumValue<typeof Weekday>;
export const weekdayLabelKey = labelKeyOf('weekday', Weekday);
