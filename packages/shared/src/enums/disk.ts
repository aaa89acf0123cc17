import { type EnumValue, labelKeyOf } from './enum.js';

/** Disk (volume) type, diskSpeed (spec section 3). Label keys `enums.diskSpeed.<value>`. */
export const DiskSpeed = { SSD: 0, HDD: 1 } as const;
export type DiskSpeed = EnumValue<typeof DiskSpeed>;
export const diskSpeedLabelKey = labelKeyOf('diskSpeed', DiskSpeed);

/**
 * Disk status. The spec names DISK_STATUS_ERROR but shows no values, so these are ours: a disk is
 * ready (attached or not: `vmUuid` says which) or on its way through one change. Label keys
 * `enums.diskStatus.<value>`.
 */
export const DiskStatus = {
  READY: 0,
  CREATING: 1,
  ATTACHING: 2,
  DETACHING: 3,
  RESIZING: 4,
  /** A volume type change: takes days (spec section 4); the disk stays usable meanwhile. */
  RETYPING: 5,
  DELETING: 6,
  ERROR: 7,
} as const;
export type DiskStatus = EnumValue<typeof DiskStatus>;
export const diskStatusLabelKey = labelKeyOf('diskStatus', DiskStatus);

export const DISK_TRANSITIONAL_STATUSES: ReadonlySet<DiskStatus> = new Set<DiskStatus>([
  DiskStatus.CREATING,
  DiskStatus.ATTACHING,
  DiskStatus.DETACHING,
  DiskStatus.RESIZING,
  DiskStatus.RETYPING,
  DiskStatus.DELETING,
]);
export const isDiskTransitional = (status: DiskStatus): boolean => DISK_TRANSITIONAL_STATUSES.has(status);
