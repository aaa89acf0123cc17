import { type EnumValue, labelKeyOf } from './enum.js';

/** Disk (volume) type, diskSpeed (spec section 3). Label keys `enums.diskSpeed.<value>`. */
export const DiskSpeed = { SSD: 0, HDD: 1 } as const;
export type DiskSpeed = EnumValue<typeof DiskSpeed>;
export const diskSpeedLabelKey = labelKeyOf('diskSpeed', DiskSpeed);
