import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VmStatus } from '@portal/shared';
import { pricesAnswer } from '../../test/prices';
import { ROOT, fakeApi, page, renderInApp } from '../../test/resource-kit';
import { SnapshotCreateForm } from './snapshot-create-form';

const VM = { uuid: 'vm-1', name: 'db-1', status: VmStatus.RUNNING, pendingOperation: null };
const DISKS = [
  { uuid: 'd-root', diskName: 'db-1-root', diskSize: 50, diskSpeed: 0, vmUuid: 'vm-1' },
  { uuid: 'd-data', diskName: 'db-1-data', diskSize: 100, diskSpeed: 1, vmUuid: 'vm-1' },
];

function renderForm(path: string) {
  const diskQueries: string[] = [];
  fakeApi(ROOT, (url) => {
    if (url.pathname === '/api/vms') return page([VM]);
    if (url.pathname === '/api/disks') {
      diskQueries.push(url.searchParams.get('vmUuid') ?? '');
      return page(DISKS);
    }
    return pricesAnswer(url);
  });
  renderInApp(<SnapshotCreateForm />, path);
  return diskQueries;
}

afterEach(() => vi.unstubAllGlobals());

describe('take a snapshot', () => {
  it('prices the snapshot by all the chosen VM’s disks at the snapshot storage price', async () => {
    const diskQueries = renderForm('/createSnapshot?vm=vm-1');
    // 50 GB root + 100 GB data (HDD or SSD alike) × 1.50 a GB-month.
    await waitFor(() =>
      expect(screen.getByTestId('snapshot-price-total').textContent).toBe('NT$ 225.00 / month'),
    );
    expect(screen.getByTestId('snapshot-price').textContent).toContain('150 GB-months');
    expect(screen.getByText(/holds all the VM’s disks, 150 GB in all/)).toBeTruthy();
    expect(diskQueries).toContain('vm-1');
    // The preselected VM names the snapshot too.
    expect((document.querySelector('input[name="name"]') as HTMLInputElement).value).toMatch(/^db-1-\d{4}-/);
  });

  it('asks for a VM before it can say a price', async () => {
    renderForm('/createSnapshot');
    expect(await screen.findByText(/choose a VM to see its price/)).toBeTruthy();
    expect(screen.queryByTestId('snapshot-price')).toBeNull();
  });
});
