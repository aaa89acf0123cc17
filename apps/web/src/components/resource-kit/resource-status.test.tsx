import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type CcxCluster, CcxClusterStatus, type Disk, DiskStatus } from '@portal/shared';
import { i18n } from '../../lib/i18n/i18n';
import { ccxStatus } from '../../features/ccx/ccx-base';
import { diskStatus } from '../../features/disk/disk-base';
import { ResourceStatus } from './resource-status';

const t = i18n.getFixedT('en');
const cluster = (over: Partial<CcxCluster>) =>
  ({ uuid: 'c-1', statusReason: null, pendingOperation: null, ...over }) as CcxCluster;

describe('a declared status', () => {
  it('is busy while a change is under way or the status is transitional, and says so with a spinner', () => {
    expect(ccxStatus.busy(cluster({ status: CcxClusterStatus.RUNNING }))).toBe(false);
    expect(ccxStatus.busy(cluster({ status: CcxClusterStatus.RUNNING, pendingOperation: 'scale' }))).toBe(
      true,
    );
    expect(ccxStatus.busy(cluster({ status: CcxClusterStatus.CREATING }))).toBe(true);
    render(<ResourceStatus of={ccxStatus} row={cluster({ status: CcxClusterStatus.CREATING })} t={t} />);
    const chip = screen.getByTestId('ccx-status-c-1');
    expect(chip.textContent).toBe('Creating');
    expect(chip.getAttribute('data-busy')).toBe('true');
  });

  it('shows the cloud’s reason under the chip, in the resource’s own words when the row did not fail', () => {
    const row = cluster({ status: CcxClusterStatus.RUNNING, statusReason: 'Quota exceeded' });
    render(<ResourceStatus of={ccxStatus} row={row} t={t} />);
    expect(screen.getByTestId('ccx-reason-c-1').textContent).toBe('Last change failed: Quota exceeded');
    expect(screen.getByTestId('ccx-status-c-1').className).toContain('Warning');
  });

  it('uses the domain’s words where it has them, the status list’s otherwise', () => {
    const disk = (over: Partial<Disk>) =>
      ({ uuid: 'd-1', pendingOperation: null, targetSpeed: null, ...over }) as Disk;
    expect(diskStatus.text(disk({ status: DiskStatus.READY, vmUuid: 'v-1' }), t)).toBe('In use');
    expect(diskStatus.text(disk({ status: DiskStatus.CREATING, vmUuid: null }), t)).toBe('Creating');
    expect(diskStatus.options(t)).toContainEqual({ value: String(DiskStatus.ERROR), label: 'Error' });
  });
});
