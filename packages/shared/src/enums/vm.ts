import { type EnumValue, labelKeyOf } from './enum.js';

/** VM status (spec section 4). Label keys `enums.vmStatus.<value>`. */
export const VmStatus = {
  STOPPED: 0,
  RUNNING: 1,
  STOPPING: 2,
  STARTING: 3,
  LAUNCHING: 4,
  EDITING: 5,
  RECOVERING: 6,
  ERROR: 7,
} as const;
export type VmStatus = EnumValue<typeof VmStatus>;
export const vmStatusLabelKey = labelKeyOf('vmStatus', VmStatus);

/** Statuses on the way to a stable one (stopped, running, error): a list polls while any VM is in one. */
export const VM_TRANSITIONAL_STATUSES: ReadonlySet<VmStatus> = new Set<VmStatus>([
  VmStatus.STOPPING,
  VmStatus.STARTING,
  VmStatus.LAUNCHING,
  VmStatus.EDITING,
  VmStatus.RECOVERING,
]);
export const isVmTransitional = (status: VmStatus): boolean => VM_TRANSITIONAL_STATUSES.has(status);
