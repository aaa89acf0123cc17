import { diskContract } from '@portal/shared';
import { identityOf } from '../../lib/resource-kit/identity';

/** Who the disk resource is; the declaration (disk-resource.tsx) adds how it shows and acts. */
export const diskBase = identityOf(diskContract, {
  name: 'disk',
  namespace: 'disk',
  id: (disk) => disk.uuid,
  title: (disk) => disk.diskName,
});
