import { useQuery } from '@tanstack/react-query';
import { type Disk, type DiskUpdate, type Vm, VmStatus, canAttachDisk, diskContract } from '@portal/shared';
import { type RequestOptions, api } from '../../lib/api/api-client';
import { resourceKeys } from '../../lib/api/query-keys';
import { resourceApi } from '../../lib/resource-kit/resource-api';

const disks = resourceApi(diskContract);

export const updateDisk = (disk: Disk, body: DiskUpdate, options: RequestOptions) =>
  disks.update(disk.uuid, body, options);
export const linkDisk = (disk: Disk, vmUuid: string, options: RequestOptions = {}) =>
  disks.act('link', disk.uuid, { vmUuid }, options);

/**
 * The disk's own side of "link a free data disk to a stopped VM with room": asked with a stopped
 * VM with no disks, the shared rule answers only for the disk. The dialog asks it again per VM.
 */
export const canLinkSomewhere = (disk: Disk) =>
  canAttachDisk(disk, { status: VmStatus.STOPPED, pendingOperation: null }, 0);

/** The attached VM as the detach rule needs it (its status comes with the disk). */
export const attachedVm = (disk: Disk) =>
  disk.vmUuid === null ? null : { status: disk.vmStatus ?? VmStatus.ERROR, pendingOperation: null };

/** One VM (the one whose storage tab is open). */
export function useVm(uuid: string | undefined) {
  return useQuery({
    queryKey: resourceKeys('/vms').detail(uuid ?? ''),
    queryFn: () => api.get<Vm>(`/vms/${encodeURIComponent(uuid!)}`, { track: false }),
    enabled: Boolean(uuid),
  });
}
