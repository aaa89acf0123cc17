import { snapshotRuleContract } from '@portal/shared';
import { identityOf } from '../../lib/resource-kit/identity';

/** Who the snapshot rule resource is; the declaration adds how it shows and acts. */
export const snapshotRuleBase = identityOf(snapshotRuleContract, {
  name: 'snapshotRule',
  namespace: 'snapshotRule',
  id: (r) => r.uuid,
  title: (r) => r.policyName,
  // A rule's VMs show that it protects them.
  affects: ['/vms'],
});
