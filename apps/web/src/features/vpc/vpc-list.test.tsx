import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VpcStatus } from '@portal/shared';
import { ResourceList } from '../../components/resource-kit/resource-list';
import { json } from '../../test/http';
import { ROOT, bulkFinished, fakeApi, page, renderInApp } from '../../test/resource-kit';
import { vpcResource } from './vpc-resource';
import { vpcRow } from './test-fixtures';

const vpc = vpcRow;

describe('the VPC list', () => {
  it('deletes the selected VPCs with the password, one call each; one still holding VMs is skipped', async () => {
    const deleted: { id: string; body: unknown }[] = [];
    fakeApi(ROOT, (url, init) => {
      if (url.pathname === '/api/vpcs') return page([vpc(1), vpc(2, { vmNum: 2 }), vpc(3)]);
      const id = /^\/api\/vpcs\/([^/]+)$/.exec(url.pathname)?.[1];
      if (!id || init.method !== 'DELETE') return undefined;
      deleted.push({ id, body: JSON.parse(String(init.body)) });
      return json(200, { data: vpc(1, { status: VpcStatus.DELETING }) });
    });
    renderInApp(<ResourceList def={vpcResource} inUrl />, '/vpcNets');
    await screen.findByTestId('vpc-more-n-3');
    fireEvent.click(screen.getByTestId('vpc-select-n-1'));
    fireEvent.click(screen.getByTestId('vpc-select-n-2'));
    fireEvent.click(screen.getByTestId('vpc-select-n-3'));
    fireEvent.click(screen.getByTestId('vpc-bulk-delete'));
    const dialog = await screen.findByTestId('password-confirm-dialog');
    fireEvent.change(within(dialog).getByTestId('password-confirm-input'), { target: { value: 'Secret-1' } });
    fireEvent.click(within(dialog).getByTestId('password-confirm-submit'));

    const progress = await bulkFinished('Done 2 · failed 0 · skipped 1');
    expect(deleted.map((d) => d.id).sort()).toEqual(['n-1', 'n-3']);
    expect(deleted[0]!.body).toEqual({ currentPassword: 'Secret-1' });
    expect(within(progress).getByTestId('bulk-row-1').textContent).toContain(
      'Virtual machines are still using',
    );
  });
});
