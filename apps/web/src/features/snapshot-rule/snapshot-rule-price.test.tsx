import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotRule } from '@portal/shared';
import { pricesAnswer } from '../../test/prices';
import { ROOT, fakeApi, page, renderInApp } from '../../test/resource-kit';
import { unprotectedVm as vm } from '../../test/vms';
import { SnapshotRuleCreateForm, SnapshotRuleForm } from './snapshot-rule-form';

const VMS = [vm('vm-1', 'db-1'), vm('vm-2', 'web-1')];
const DISKS = [
  { uuid: 'd-1', diskName: 'db-1-root', diskSize: 50, diskSpeed: 0, vmUuid: 'vm-1' },
  { uuid: 'd-2', diskName: 'db-1-data', diskSize: 100, diskSpeed: 1, vmUuid: 'vm-1' },
  { uuid: 'd-3', diskName: 'web-1-root', diskSize: 80, diskSpeed: 0, vmUuid: 'vm-2' },
  { uuid: 'd-4', diskName: 'spare', diskSize: 500, diskSpeed: 1, vmUuid: null },
];

function answer(url: URL) {
  if (url.pathname === '/api/vms') return page(VMS);
  if (url.pathname === '/api/disks') return page(DISKS);
  return pricesAnswer(url);
}
const text = (testId: string) => screen.getByTestId(testId).textContent;

afterEach(() => vi.unstubAllGlobals());

describe('the snapshot rule’s price', () => {
  it('prices a new rule by the snapshots it will keep of each chosen VM', async () => {
    fakeApi(ROOT, answer);
    renderInApp(<SnapshotRuleCreateForm />, '/createSnapshotRule?vm=vm-1');
    // 7 kept × 150 GB of db-1's disks × 1.50 a GB-month.
    await waitFor(() => expect(text('snapshot-rule-price-total')).toBe('NT$ 1,575.00 / month'));
    expect(screen.getByTestId('snapshot-rule-price').textContent).toContain('1,050 GB-months');
    fireEvent.change(screen.getByTestId('field-retainedQuantity'), { target: { value: '2' } });
    await waitFor(() => expect(text('snapshot-rule-price-total')).toBe('NT$ 450.00 / month'));
  });

  it('shows an edit’s price before and after, and the difference', async () => {
    const row: SnapshotRule = {
      uuid: 'r-1',
      policyName: 'nightly',
      vmUuids: ['vm-1', 'vm-2'],
      vms: [],
      policyCycle: 1,
      weekday: null,
      retainedQuantity: 3,
      isDefault: false,
      nextRunAt: '2027-01-05T18:00:00.000Z',
      lastRunAt: null,
      createDate: '2027-01-01T00:00:00.000Z',
    };
    fakeApi(ROOT, answer);
    renderInApp(<SnapshotRuleForm row={row} />, '/editSnapshotRule/r-1');
    // 3 kept × (150 + 80) GB × 1.50, before and (unchanged yet) after.
    await waitFor(() => expect(text('snapshot-rule-price-now-total')).toBe('NT$ 1,035.00 / month'));
    expect(text('snapshot-rule-price-next-total')).toBe('NT$ 1,035.00 / month');
    fireEvent.change(screen.getByTestId('field-retainedQuantity'), { target: { value: '1' } });
    await waitFor(() => expect(text('snapshot-rule-price-next-total')).toBe('NT$ 345.00 / month'));
    expect(text('snapshot-rule-price-change')).toBe('NT$ 690.00 less a month');
  });
});
