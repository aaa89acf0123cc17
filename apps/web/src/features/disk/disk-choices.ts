import type { Disk } from '@portal/shared';
import { useChoices } from '../../lib/api/choices';

/**
 * The tenant's disks that match `filter`, every one: a VM's (a snapshot's price), the free ones
 * (to attach one). Asked only when `enabled` and the user may list disks.
 */
export const useDisks = (filter: { vmUuid?: string; attached?: 'yes' | 'no' }, enabled = true) =>
  useChoices<Disk>('/disks', 'compute/disk', { filter, enabled });
