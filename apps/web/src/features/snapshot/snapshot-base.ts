import { snapshotContract } from '@portal/shared';
import { identityOf } from '../../lib/resource-kit/identity';

/** Who the snapshot resource is; the declaration (snapshot-resource.tsx) adds how it shows and acts. */
export const snapshotBase = identityOf(snapshotContract, {
  name: 'snapshot',
  namespace: 'snapshot',
  id: (s) => s.uuid,
  title: (s) => s.name,
  // A restore holds the VM until it is done.
  affects: ['/vms'],
});
