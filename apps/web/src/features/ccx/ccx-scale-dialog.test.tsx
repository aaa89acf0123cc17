import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CcxCluster, CcxClusterStatus } from '@portal/shared';
import { ApiError } from '../../lib/api/api-error';
import { json } from '../../test/http';
import { ROOT, fakeApi, renderInApp } from '../../test/resource-kit';
import { CcxScaleDialog } from './ccx-scale-dialog';

const PRICES = [
  { code: 'vm.vcpu', unitPrice: '1.0000' },
  { code: 'vm.ram', unitPrice: '0.5000' },
  { code: 'cluster.database', unitPrice: '0.2000' },
  { code: 'cluster.kubernetes', unitPrice: '0.1000' },
];
const cluster = (over: Partial<CcxCluster> = {}): CcxCluster => ({
  uuid: 'c-1',
  name: 'workers',
  engine: 'kubernetes',
  version: '1.31',
  nodeCount: 3,
  targetNodeCount: null,
  nodeSize: '2c4g',
  vpcUuid: 'vpc-1',
  vpcName: 'default',
  endpoint: 'ccx-c1.ccx.internal',
  status: CcxClusterStatus.RUNNING,
  statusReason: null,
  pendingOperation: null,
  monthlyPrice: '0',
  createdAt: '2026-11-20T18:00:00.000Z',
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe('CCX scale dialog', () => {
  it('shows the price now and after the new node count, and sends the count', async () => {
    fakeApi(ROOT, (url) => (url.pathname === '/api/prices' ? json(200, { data: PRICES }) : undefined));
    const onSubmit = vi.fn(() => Promise.resolve());
    renderInApp(
      <CcxScaleDialog rows={[cluster()]} onSubmit={onSubmit} onCancel={() => {}} onDone={() => {}} />,
      '/ccxList',
    );
    // 3 Kubernetes workers of 2 vCPU / 4 GB: (2 + 2 + 0.2) × 3 × 730 h; the dialog starts at 1.
    await waitFor(() =>
      expect(screen.getByTestId('ccx-price-now-total').textContent).toBe('NT$ 9,198.00 / month'),
    );
    expect(screen.getByTestId('ccx-price-next-total').textContent).toBe('NT$ 3,066.00 / month');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /New node count/ }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options).toHaveLength(10);
    expect(options[2]!.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: '5' }));
    await waitFor(() =>
      expect(screen.getByTestId('ccx-price-next-total').textContent).toBe('NT$ 15,330.00 / month'),
    );
    expect(screen.getByTestId('ccx-price-next-hourly').textContent).toBe('NT$ 21.00 / hour');
    fireEvent.click(screen.getByTestId('ccx-scale-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ nodeCount: 5 }));
  });

  it('puts the server’s field problem on the node count', async () => {
    fakeApi(ROOT, (url) => (url.pathname === '/api/prices' ? json(200, { data: PRICES }) : undefined));
    const error = new ApiError(400, 'FORMAT_ERROR', [
      { path: 'nodeCount', message: 'validation.needBeOneOf' },
    ]);
    renderInApp(
      <CcxScaleDialog
        rows={[cluster({ engine: 'postgresql', version: '16', nodeCount: 1 })]}
        onSubmit={() => Promise.reject(error)}
        onCancel={() => {}}
        onDone={() => {}}
      />,
      '/ccxList',
    );
    fireEvent.click(await screen.findByTestId('ccx-scale-submit'));
    expect(await screen.findByText('Choose one of the options.')).toBeTruthy();
  });
});
