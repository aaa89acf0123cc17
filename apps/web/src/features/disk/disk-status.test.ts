import { describe, expect, it } from 'vitest';
import { type Disk, DiskStatus } from '@portal/shared';
import { i18n } from '../../lib/i18n/i18n';
import { diskStatus } from './disk-base';

const t = i18n.getFixedT('en');

describe('the disk status', () => {
  it('uses the domain’s words where it has them, the status list’s otherwise', () => {
    const disk = (over: Partial<Disk>) =>
      ({ uuid: 'd-1', pendingOperation: null, targetSpeed: null, ...over }) as Disk;
    expect(diskStatus.text(disk({ status: DiskStatus.READY, vmUuid: 'v-1' }), t)).toBe('In use');
    expect(diskStatus.text(disk({ status: DiskStatus.CREATING, vmUuid: null }), t)).toBe('Creating');
    expect(diskStatus.options(t)).toContainEqual({ value: String(DiskStatus.ERROR), label: 'Error' });
  });
});
