import { MAX_DATA_DISKS } from '../constants.js';
import { DiskStatus } from '../enums/disk.js';
import { VmStatus } from '../enums/vm.js';
import type { RuleResult } from './vm.js';

/** Which actions a disk allows (spec sections 4 and 5); see rules/vm.ts for the shape. */
export interface DiskState {
  status: number;
  pendingOperation: string | null;
  isRoot: boolean;
  vmUuid: string | null;
  diskSize: number;
}

const ready = (disk: DiskState): RuleResult =>
  disk.status === DiskStatus.READY && disk.pendingOperation === null ? true : 'DISK_STATUS_ERROR';

/**
 * Link a free data disk to a stopped VM that has fewer than three data disks.
 * `dataDisks` is how many data disks the VM has now.
 */
export function canAttachDisk(
  disk: DiskState,
  vm: { status: number; pendingOperation: string | null } | null,
  dataDisks: number,
): RuleResult {
  // A root disk is its VM's: "already attached" says why better than "cannot be removed".
  if (disk.vmUuid !== null) return 'DISK_ALREADY_HAS_A_VM_ATTACHED';
  if (disk.isRoot) return 'NON_REMOVABLE_ROOT_DISK';
  const r = ready(disk);
  if (r !== true) return r;
  if (vm === null) return 'VM_NOT_FOUND';
  if (vm.status !== VmStatus.STOPPED || vm.pendingOperation !== null) return 'VM_NEED_SHUTDOWN';
  return dataDisks < MAX_DATA_DISKS ? true : 'DISKS_LIMIT_3';
}

/** Unlink a data disk from its VM, which must be stopped. */
export function canDetachDisk(
  disk: DiskState,
  vm: { status: number; pendingOperation: string | null } | null,
): RuleResult {
  if (disk.isRoot) return 'NON_REMOVABLE_ROOT_DISK';
  if (disk.vmUuid === null) return 'DISK_STATUS_ERROR';
  const r = ready(disk);
  if (r !== true) return r;
  if (vm !== null && (vm.status !== VmStatus.STOPPED || vm.pendingOperation !== null)) {
    return 'VM_NEED_SHUTDOWN';
  }
  return true;
}

/** A new size: grows only (online, attached or not). The same size is no change. */
export function canResizeDisk(disk: DiskState, newSize: number): RuleResult {
  if (newSize < disk.diskSize) return 'UNABLE_TO_REDUCE_DISK_SIZE';
  return ready(disk);
}

/** Another volume type: from a ready disk (it stays usable through the days it takes). */
export function canRetypeDisk(disk: DiskState): RuleResult {
  return ready(disk);
}

/** Delete: a free data disk, ready or in error. A root disk goes with its VM. */
export function canDeleteDisk(disk: DiskState): RuleResult {
  if (disk.isRoot) return 'NON_REMOVABLE_ROOT_DISK';
  if (disk.vmUuid !== null) return 'DISK_ALREADY_HAS_A_VM_ATTACHED';
  if (disk.pendingOperation !== null) return 'DISK_STATUS_ERROR';
  return disk.status === DiskStatus.READY || disk.status === DiskStatus.ERROR ? true : 'DISK_STATUS_ERROR';
}
