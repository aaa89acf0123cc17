import type { SnapshotRule } from '@portal/shared';
import type { ResourceIdentity } from '../../lib/resource-kit/definition';

/** Who the snapshot rule resource is; the declaration adds how it shows and acts. */
export const snapshotRuleBase: ResourceIdentity<SnapshotRule> = {
  name: 'snapshotRule',
  namespace: 'snapshotRule',
  base: '/snapshot-rules',
  id: (r) => r.uuid,
  title: (r) => r.policyName,
  routes: { list: 'snapshotRule', create: 'createSnapshotRule', edit: 'editSnapshotRule' },
  authority: { view: 'compute/snapshot', manage: 'compute/snapshot/manage' },
  // A rule's VMs show that it protects them.
  affects: ['/vms'],
};
