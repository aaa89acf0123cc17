import { SNAPSHOT_TRANSITIONAL_STATUSES, snapshotContract, SnapshotStatus } from '@portal/shared';
import { identityOf } from '../../lib/resource-kit/identity';
import { defineStatus } from '../../lib/resource-kit/status';

/** Who the snapshot resource is; the declaration (snapshot-resource.tsx) adds how it shows and acts. */
export const snapshotBase = identityOf(snapshotContract, {
  name: 'snapshot',
  namespace: 'snapshot',
  id: (s) => s.uuid,
  title: (s) => s.name,
  // A restore holds the VM until it is done.
  affects: ['/vms'],
});

/** A snapshot's status: busy while taken, restored or deleted. */
export const snapshotStatus = defineStatus(snapshotBase, {
  values: SnapshotStatus,
  enumKey: 'snapshotStatus',
  transitional: SNAPSHOT_TRANSITIONAL_STATUSES,
  tone: (s) => (s.status === SnapshotStatus.COMPLETED ? 'success' : undefined),
});
