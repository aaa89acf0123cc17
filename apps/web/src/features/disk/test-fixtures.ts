import { type Disk, DiskSpeed, DiskStatus } from '@portal/shared';

/** A free, ready 100 GB SSD data disk, as the API sends it, with `over` on top (the disk tests). */
export const disk = (over: Partial<Disk> = {}): Disk => ({
  uuid: 'd-1',
  diskName: 'data-1',
  diskSize: 100,
  diskSpeed: DiskSpeed.SSD,
  status: DiskStatus.READY,
  statusReason: null,
  pendingOperation: null,
  targetSpeed: null,
  isRoot: false,
  vmUuid: null,
  vmName: null,
  vmStatus: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  monthlyPrice: '450.0000',
  ...over,
});
