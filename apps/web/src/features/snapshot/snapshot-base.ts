import type { Snapshot } from '@portal/shared';
import type { ResourceIdentity } from '../../lib/resource-kit/definition';

/** Who the snapshot resource is; the declaration (snapshot-resource.tsx) adds how it shows and acts. */
export const snapshotBase: ResourceIdentity<Snapshot> = {
  name: 'snapshot',
  namespace: 'snapshot',
  base: '/snapshots',
  id: (s) => s.uuid,
  title: (s) => s.name,
  routes: { list: 'snapshot', create: 'createSnapshot' },
  authority: { view: 'compute/snapshot', manage: 'compute/snapshot/manage' },
  // A restore holds the VM until it is done.
  affects: ['/vms'],
};
