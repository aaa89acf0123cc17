import type { ReactElement } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteLevel } from '@portal/shared';
import { json } from '../../test/http';
import { pricesAnswer } from '../../test/prices';
import { ROOT, fakeApi, renderInApp } from '../../test/resource-kit';
import { VpcCreateForm, VpcForm } from './vpc-form';
import { vpcRow } from './test-fixtures';
import { type } from '../../test/form-events';

const vpc = vpcRow(0, {
  netUuid: 'vpc-1',
  netName: 'default',
  routeLevel: RouteLevel.PROFESSIONAL,
  cidrIpv4: '10.0.0.0/16',
  createdAt: '2026-11-20T18:00:00.000Z',
});

function renderForm(form: ReactElement, path: string) {
  const sent: unknown[] = [];
  fakeApi(ROOT, (url, init) => {
    if (url.pathname.startsWith('/api/vpcs') && init.method !== 'GET' && init.method !== undefined) {
      sent.push(JSON.parse(String(init.body)));
      return json(200, { data: vpc });
    }
    return pricesAnswer(url);
  });
  renderInApp(form, path);
  return sent;
}

const text = (id: string) => screen.getByTestId(id).textContent;
async function choose(label: string, option: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: new RegExp(label) }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

afterEach(() => vi.unstubAllGlobals());

describe('VPC create', () => {
  it('prices fixed bandwidth by route level live, and shows the rate of a mode charged by use', async () => {
    renderForm(<VpcCreateForm />, '/createVPCNets');
    // 100 Mbps on a professional route at 120 a Mbps-month.
    await waitFor(() => expect(text('vpc-price-total')).toBe('NT$ 12,000.00 / month'));
    expect(screen.queryByTestId('vpc-price-now')).toBeNull();
    type('bandwidthLimit', '50');
    await waitFor(() => expect(text('vpc-price-total')).toBe('NT$ 6,000.00 / month'));
    await choose('Route level', 'Platinum');
    await waitFor(() => expect(text('vpc-price-total')).toBe('NT$ 9,000.00 / month'));

    await choose('Charge mode', '95th percentile');
    await waitFor(() => expect(text('vpc-price-total')).toBe('NT$ 0.00 / month'));
    expect(text('vpc-price-rate-vpc.p95')).toContain("NT$ 150.00 per Mbps of the month's 95th percentile");
    await choose('Charge mode', 'Total volume');
    await waitFor(() => expect(text('vpc-price-rate-vpc.transfer')).toContain('NT$ 2.40 per GB sent'));
  });
});

describe('VPC edit', () => {
  it('shows the price before and after a change of bandwidth', async () => {
    const sent = renderForm(<VpcForm row={vpc} />, '/editVPCNets/vpc-1');
    await waitFor(() => expect(text('vpc-price-now-total')).toBe('NT$ 12,000.00 / month'));
    expect(text('vpc-price-change')).toBe('No change to the monthly price');
    type('bandwidthLimit', '200');
    await waitFor(() => expect(text('vpc-price-next-total')).toBe('NT$ 24,000.00 / month'));
    expect(text('vpc-price-change')).toBe('NT$ 12,000.00 more a month');
    await choose('Charge mode', 'Total volume');
    await waitFor(() =>
      expect(text('vpc-price-change')).toBe('NT$ 12,000.00 less a month (charges by use on top)'),
    );
    fireEvent.submit(screen.getByTestId('vpc-form'));
    await waitFor(() =>
      expect(sent).toEqual([expect.objectContaining({ bandwidthLimit: 200, chargeMode: 3 })]),
    );
  });
});
