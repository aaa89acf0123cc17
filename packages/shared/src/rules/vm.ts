import type { ErrorCode } from '../errors/error-codes.js';
import { VmStatus } from '../enums/vm.js';

/**
 * Which actions a VM allows (spec section 4). Each rule answers `true` or the error code the
 * server refuses with; the page enables a button with the same function and shows the code's
 * message as the reason when it is off. Rules read only the fields they name, so a list row, a
 * detail answer and a database row all fit.
 */
export type RuleResult = true | ErrorCode;

export interface VmState {
  status: number;
  pendingOperation: string | null;
  enableStopProtection: boolean;
  enableTerminationProtection: boolean;
  isAnnual: boolean;
}

/** A VM the cloud is already changing takes no other change until it is done. */
const idle = (vm: VmState): RuleResult => (vm.pendingOperation === null ? true : 'VM_STATUS_ERROR');

export function canStartVm(vm: VmState): RuleResult {
  const busy = idle(vm);
  if (busy !== true) return busy;
  return vm.status === VmStatus.STOPPED ? true : 'VM_STATUS_ERROR';
}

export function canStopVm(vm: VmState): RuleResult {
  const busy = idle(vm);
  if (busy !== true) return busy;
  if (vm.status !== VmStatus.RUNNING) return 'VM_STATUS_ERROR';
  return vm.enableStopProtection ? 'VM_STOP_PROTECTION' : true;
}

/**
 * Force stop cuts the power: for a running VM, or one stuck starting, stopping, recovering or in
 * error. Stop protection refuses it too (it is a stop).
 */
export function canForceStopVm(vm: VmState): RuleResult {
  const forcible: number[] = [
    VmStatus.RUNNING,
    VmStatus.STARTING,
    VmStatus.STOPPING,
    VmStatus.RECOVERING,
    VmStatus.ERROR,
  ];
  if (!forcible.includes(vm.status)) return 'VM_STATUS_ERROR';
  if (vm.pendingOperation === 'delete' || vm.pendingOperation === 'force-stop') return 'VM_STATUS_ERROR';
  return vm.enableStopProtection ? 'VM_STOP_PROTECTION' : true;
}

export function canRebootVm(vm: VmState): RuleResult {
  const busy = idle(vm);
  if (busy !== true) return busy;
  return vm.status === VmStatus.RUNNING ? true : 'VM_STATUS_ERROR';
}

/** A new size: not on an annual contract, only when stopped (spec section 4). */
export function canResizeVm(vm: VmState): RuleResult {
  if (vm.isAnnual) return 'YEARLY_VM_CANNOT_ADJUST';
  const busy = idle(vm);
  if (busy !== true) return busy;
  return vm.status === VmStatus.STOPPED ? true : 'VM_NEED_SHUTDOWN';
}

/** The name and protections: any time the VM is not being deleted. */
export function canEditVm(vm: VmState): RuleResult {
  return vm.pendingOperation === 'delete' ? 'VM_STATUS_ERROR' : true;
}

/**
 * Delete: not with termination protection, not on an annual contract (it "cannot be changed or
 * deleted afterwards"), and only from a settled state.
 */
export function canDeleteVm(vm: VmState): RuleResult {
  if (vm.enableTerminationProtection) return 'VM_TERMINATION_PROTECTION';
  if (vm.isAnnual) return 'YEARLY_VM_CANNOT_ADJUST';
  const busy = idle(vm);
  if (busy !== true) return busy;
  const settled: number[] = [VmStatus.STOPPED, VmStatus.RUNNING, VmStatus.ERROR];
  return settled.includes(vm.status) ? true : 'VM_STATUS_ERROR';
}

/**
 * The serial console ("web" tab): only a running VM that the cloud is not changing has one. A stop,
 * reboot or delete under way refuses it too, and ends an open console (the server checks again).
 */
export function canOpenVmConsole(vm: Pick<VmState, 'status' | 'pendingOperation'>): RuleResult {
  if (vm.pendingOperation !== null) return 'VM_STATUS_ERROR';
  return vm.status === VmStatus.RUNNING ? true : 'VM_STATUS_ERROR';
}
