import { diskContract, DiskStatus, isDiskTransitional } from '@portal/shared';
import { identityOf } from '../../lib/resource-kit/identity';
import { defineStatus } from '../../lib/resource-kit/status';

/** Who the disk resource is; the declaration (disk-resource.tsx) adds how it shows and acts. */
export const diskBase = identityOf(diskContract, {
  name: 'disk',
  namespace: 'disk',
  id: (disk) => disk.uuid,
  title: (disk) => disk.diskName,
});

/** A disk's status: green on a VM; a ready one says whether it is in use, a type change its new type. */
export const diskStatus = defineStatus(diskBase, {
  values: DiskStatus,
  enumKey: 'diskStatus',
  transitional: isDiskTransitional,
  failed: (disk) => disk.status === DiskStatus.ERROR,
  tone: (disk) => (disk.vmUuid ? 'success' : undefined),
  text: (disk, t, status) => {
    if (disk.status === DiskStatus.RETYPING && disk.targetSpeed !== null)
      return t('disk:values.retypingTo', { type: t(`enums:diskSpeed.${disk.targetSpeed}`) });
    if (disk.status === DiskStatus.READY && disk.pendingOperation === null)
      return t(disk.vmUuid ? 'disk:values.inUse' : 'disk:values.available');
    return status;
  },
});
