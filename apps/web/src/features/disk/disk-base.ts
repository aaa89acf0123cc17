import type { Disk } from '@portal/shared';
import type { ResourceIdentity } from '../../lib/resource-kit/definition';

/** Who the disk resource is; the declaration (disk-resource.tsx) adds how it shows and acts. */
export const diskBase: ResourceIdentity<Disk> = {
  name: 'disk',
  namespace: 'disk',
  base: '/disks',
  id: (disk) => disk.uuid,
  title: (disk) => disk.diskName,
  routes: { list: 'diskList', create: 'createDisk' },
  authority: { view: 'compute/disk', manage: 'compute/disk/manage' },
};
