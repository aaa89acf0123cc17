import { describe, expect, it } from 'vitest';
import { DiskStatus } from '../enums/disk.js';
import { VmStatus } from '../enums/vm.js';
import {
  canAttachDisk,
  canDeleteDisk,
  canDetachDisk,
  canResizeDisk,
  canRetypeDisk,
  type DiskState,
} from './disk.js';
import { canAdjustVni } from './vni.js';

const disk = (over: Partial<DiskState> = {}): DiskState => ({
  status: DiskStatus.READY,
  pendingOperation: null,
  isRoot: false,
  vmUuid: null,
  diskSize: 100,
  ...over,
});
const stopped = { status: VmStatus.STOPPED, pendingOperation: null };
const running = { status: VmStatus.RUNNING, pendingOperation: null };

describe('disk action rules', () => {
  it('attaches a free disk to a stopped VM with room', () => {
    expect(canAttachDisk(disk(), stopped, 2)).toBe(true);
    expect(canAttachDisk(disk(), stopped, 3)).toBe('DISKS_LIMIT_3');
    expect(canAttachDisk(disk(), running, 0)).toBe('VM_NEED_SHUTDOWN');
    expect(canAttachDisk(disk({ vmUuid: 'x' }), stopped, 0)).toBe('DISK_ALREADY_HAS_A_VM_ATTACHED');
    expect(canAttachDisk(disk({ isRoot: true, vmUuid: 'x' }), stopped, 0)).toBe(
      'DISK_ALREADY_HAS_A_VM_ATTACHED',
    );
    expect(canAttachDisk(disk({ isRoot: true }), stopped, 0)).toBe('NON_REMOVABLE_ROOT_DISK');
    expect(canAttachDisk(disk({ status: DiskStatus.CREATING }), stopped, 0)).toBe('DISK_STATUS_ERROR');
    expect(canAttachDisk(disk(), null, 0)).toBe('VM_NOT_FOUND');
  });

  it('detaches a data disk from a stopped VM', () => {
    expect(canDetachDisk(disk({ vmUuid: 'x' }), stopped)).toBe(true);
    expect(canDetachDisk(disk({ vmUuid: 'x' }), running)).toBe('VM_NEED_SHUTDOWN');
    expect(canDetachDisk(disk({ vmUuid: 'x', isRoot: true }), stopped)).toBe('NON_REMOVABLE_ROOT_DISK');
    expect(canDetachDisk(disk(), stopped)).toBe('DISK_STATUS_ERROR');
  });

  it('grows and never shrinks', () => {
    expect(canResizeDisk(disk(), 200)).toBe(true);
    expect(canResizeDisk(disk(), 100)).toBe(true);
    expect(canResizeDisk(disk(), 99)).toBe('UNABLE_TO_REDUCE_DISK_SIZE');
    expect(canResizeDisk(disk({ status: DiskStatus.RETYPING }), 200)).toBe('DISK_STATUS_ERROR');
    expect(canRetypeDisk(disk({ status: DiskStatus.RESIZING }))).toBe('DISK_STATUS_ERROR');
  });

  it('deletes only a free data disk', () => {
    expect(canDeleteDisk(disk())).toBe(true);
    expect(canDeleteDisk(disk({ status: DiskStatus.ERROR }))).toBe(true);
    expect(canDeleteDisk(disk({ isRoot: true }))).toBe('NON_REMOVABLE_ROOT_DISK');
    expect(canDeleteDisk(disk({ vmUuid: 'x' }))).toBe('DISK_ALREADY_HAS_A_VM_ATTACHED');
    expect(canDeleteDisk(disk({ status: DiskStatus.DELETING, pendingOperation: 'delete' }))).toBe(
      'DISK_STATUS_ERROR',
    );
  });

  it('adjusts a VNI only with its VM stopped', () => {
    expect(canAdjustVni({ pendingOperation: null }, stopped)).toBe(true);
    expect(canAdjustVni({ pendingOperation: null }, null)).toBe(true);
    expect(canAdjustVni({ pendingOperation: null }, running)).toBe('VM_NEED_SHUTDOWN');
    expect(canAdjustVni({ pendingOperation: 'adjust' }, stopped)).toBe('VM_STATUS_ERROR');
  });
});
