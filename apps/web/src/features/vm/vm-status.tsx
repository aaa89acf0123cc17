import type { TFunction } from 'i18next';
import { type Vm, VmStatus, isVmTransitional } from '@portal/shared';
import { StatusChip, type StatusTone } from '../../components/resource-kit/status-chip';

/** A VM the cloud is working on: a change under way or a transitional status. */
export const isVmBusy = (vm: Vm) => vm.pendingOperation !== null || isVmTransitional(vm.status);

const tone = (vm: Vm): StatusTone => {
  if (vm.status === VmStatus.ERROR) return 'error';
  if (isVmBusy(vm)) return 'info';
  return vm.status === VmStatus.RUNNING ? 'success' : 'default';
};

/** The status, or the change under way when the status list has no word for it ("Deleting"). */
export const vmStatusText = (vm: Vm, t: TFunction) =>
  vm.pendingOperation
    ? t(`vm:pending.${vm.pendingOperation}`, { defaultValue: t(`enums:vmStatus.${vm.status}`) })
    : t(`enums:vmStatus.${vm.status}`);

export function VmStatusChip({ vm, t }: { vm: Vm; t: TFunction }) {
  return (
    <StatusChip
      label={vmStatusText(vm, t)}
      tone={tone(vm)}
      busy={isVmBusy(vm)}
      data-testid={`vm-status-${vm.uuid}`}
    />
  );
}
