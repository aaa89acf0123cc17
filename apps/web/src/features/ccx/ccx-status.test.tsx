import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type CcxCluster, CcxClusterStatus } from '@portal/shared';
import { i18n } from '../../lib/i18n/i18n';
import { ResourceStatus } from '../../components/resource-kit/resource-status';
import { ccxStatus } from './ccx-base';

const t = i18n.getFixedT('en');
const cluster = (over: Partial<CcxCluster>) =>
  ({ uuid: 'c-1', statusReason: null, pendingOperation: null, ...over }) as CcxCluster;

describe('the cluster status (a declared status)', () => {
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
});
