import type { TFunction } from 'i18next';
import { type Snapshot, SNAPSHOT_TRANSITIONAL_STATUSES, SnapshotStatus } from '@portal/shared';
import { StatusChip } from '../../components/resource-kit/status-chip';

export const isSnapshotBusy = (s: Snapshot) =>
  s.pendingOperation !== null || SNAPSHOT_TRANSITIONAL_STATUSES.has(s.status);

export const snapshotStatusText = (s: Snapshot, t: TFunction) => t(`enums:snapshotStatus.${s.status}`);

export function SnapshotStatusChip({ snapshot, t }: { snapshot: Snapshot; t: TFunction }) {
  return (
    <StatusChip
      label={snapshotStatusText(snapshot, t)}
      tone={
        isSnapshotBusy(snapshot)
          ? 'info'
          : snapshot.status === SnapshotStatus.COMPLETED
            ? 'success'
            : 'default'
      }
      busy={isSnapshotBusy(snapshot)}
      data-testid={`snapshot-status-${snapshot.uuid}`}
    />
  );
}
