import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VmStatus } from '@portal/shared';
import { ROOT, fakeApi, page, renderInApp } from '../../test/resource-kit';
import { ResourceList } from '../../components/resource-kit/resource-list';
import { diskResource } from './disk-resource';
import { disk } from './test-fixtures';

describe('the disk list', () => {
  it('shows the VM a disk is on with that VM’s state, and a dash for a free disk', async () => {
    fakeApi(ROOT, (url) =>
      url.pathname === '/api/disks'
        ? page([
            disk({
              uuid: 'd-1',
              diskName: 'logs',
              vmUuid: 'v-1',
              vmName: 'web-01',
              vmStatus: VmStatus.RUNNING,
            }),
            disk({ uuid: 'd-2', diskName: 'spare' }),
          ])
        : undefined,
    );
    renderInApp(<ResourceList def={diskResource} inUrl />, '/diskList');
    const rows = await screen.findAllByTestId('resource-table-row');
    const attached = rows.find((r) => r.textContent?.includes('logs'))!;
    expect(within(attached).getByText('web-01')).toBeTruthy();
    expect(within(attached).getByTestId('disk-vm-status').textContent).toBe('Running');
    const free = rows.find((r) => r.textContent?.includes('spare'))!;
    expect(within(free).queryByTestId('disk-vm-status')).toBeNull();
  });
});
