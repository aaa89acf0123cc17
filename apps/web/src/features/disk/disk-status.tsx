import type { TFunction } from 'i18next';
import { type Disk, DiskStatus, isDiskTransitional } from '@portal/shared';
import { StatusChip, type StatusTone } from '../../components/resource-kit/status-chip';

export const isDiskBusy = (disk: Disk) => disk.pendingOperation !== null || isDiskTransitional(disk.status);

const tone = (disk: Disk): StatusTone =>
  disk.status === DiskStatus.ERROR
    ? 'error'
    : isDiskBusy(disk)
      ? 'info'
      : disk.vmUuid
        ? 'success'
        : 'default';

/** The status; a type change names the type it moves to. */
export function diskStatusText(disk: Disk, t: TFunction): string {
  if (disk.status === DiskStatus.RETYPING && disk.targetSpeed !== null) {
    return t('disk:values.retypingTo', { type: t(`enums:diskSpeed.${disk.targetSpeed}`) });
  }
  if (disk.status === DiskStatus.READY && disk.pendingOperation === null) {
    return t(disk.vmUuid ? 'disk:values.inUse' : 'disk:values.available');
  }
  return t(`enums:diskStatus.${disk.status}`);
}

export function DiskStatusChip({ disk, t }: { disk: Disk; t: TFunction }) {
  return (
    <StatusChip
      label={diskStatusText(disk, t)}
      tone={tone(disk)}
      busy={isDiskBusy(disk)}
      data-testid={`disk-status-${disk.uuid}`}
    />
  );
}
