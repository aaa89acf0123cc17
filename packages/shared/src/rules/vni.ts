import { VmStatus } from '../enums/vm.js';
import type { RuleResult } from './vm.js';

/** A VNI's segment changes only while its VM is stopped (or it has none), and not twice at once. */
export function canAdjustVni(
  vni: { pendingOperation: string | null },
  vm: { status: number; pendingOperation: string | null } | null,
): RuleResult {
  if (vni.pendingOperation !== null) return 'VM_STATUS_ERROR';
  if (vm !== null && (vm.status !== VmStatus.STOPPED || vm.pendingOperation !== null)) {
    return 'VM_NEED_SHUTDOWN';
  }
  return true;
}
