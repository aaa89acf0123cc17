import { SnapshotStatus } from '../enums/snapshot.js';
import { VmStatus } from '../enums/vm.js';
import type { RuleResult } from './vm.js';

/** Which actions a snapshot allows (spec sections 4 and 5); see rules/vm.ts for the shape. */
export interface SnapshotState {
  status: number;
  pendingOperation: string | null;
}

interface VmLike {
  status: number;
  pendingOperation: string | null;
}

const completed = (s: SnapshotState): RuleResult =>
  s.status === SnapshotStatus.COMPLETED && s.pendingOperation === null ? true : 'SNAPSHOT_STATUS_ERROR';

/** Take a snapshot: of a running or stopped VM the cloud is not already changing. */
export function canSnapshotVm(vm: VmLike | null): RuleResult {
  if (vm === null) return 'VM_NOT_FOUND';
  if (vm.pendingOperation !== null) return 'VM_STATUS_ERROR';
  return vm.status === VmStatus.RUNNING || vm.status === VmStatus.STOPPED ? true : 'VM_STATUS_ERROR';
}

/**
 * Restore: a completed snapshot onto its own VM, which must still exist and be stopped (the
 * restore overwrites its disks).
 */
export function canRestoreSnapshot(
  snapshot: SnapshotState & { vmUuid: string | null },
  vm: VmLike | null,
): RuleResult {
  const r = completed(snapshot);
  if (r !== true) return r;
  if (snapshot.vmUuid === null || vm === null) return 'VM_NOT_FOUND';
  return vm.status === VmStatus.STOPPED && vm.pendingOperation === null ? true : 'VM_NEED_SHUTDOWN';
}

/** A new VM from a snapshot: once it is complete. */
export const canCreateVmFromSnapshot = completed;

/** Delete: a completed snapshot (one being taken or restored finishes first). */
export const canDeleteSnapshot = completed;

/** A VM joins a rule when no other rule protects it. */
export function canBindVmToRule(
  vm: { snapshotRuleUuid: string | null },
  ruleUuid: string | null,
): RuleResult {
  return vm.snapshotRuleUuid === null || vm.snapshotRuleUuid === ruleUuid
    ? true
    : 'A_VM_CAN_ONLY_BE_BOUND_TO_ONE_SNAPSHOT_RULE';
}
