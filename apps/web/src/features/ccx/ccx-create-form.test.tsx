import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VpcStatus } from '@portal/shared';
import { json } from '../../test/http';
import { ROOT, fakeApi, page, renderInApp } from '../../test/resource-kit';
import { CcxCreateForm } from './ccx-create-form';
import { choose } from '../../test/form-events';

const PRICES = [
  { code: 'vm.vcpu', unitPrice: '1.0000' },
  { code: 'vm.ram', unitPrice: '0.5000' },
  { code: 'cluster.database', unitPrice: '0.2000' },
  { code: 'cluster.kubernetes', unitPrice: '0.1000' },
];
const VPCS = [
  {
    netUuid: '0c1d2e3f-0000-4000-8000-00000000a001',
    netName: 'default',
    cidrIpv4: '10.0.0.0/16',
    status: VpcStatus.AVAILABLE,
  },
  {
    netUuid: '0c1d2e3f-0000-4000-8000-00000000a002',
    netName: 'staging',
    cidrIpv4: '10.1.0.0/16',
    status: VpcStatus.PROCESSING,
  },
];

function renderForm(answerCreate: (body: unknown) => Response) {
  const posts: unknown[] = [];
  fakeApi(ROOT, (url, init) => {
    if (url.pathname === '/api/prices') return json(200, { data: PRICES });
    if (url.pathname === '/api/vpcs') return page(VPCS);
    if (url.pathname === '/api/ccx-clusters' && init.method === 'POST') {
      const body = JSON.parse(String(init.body));
      posts.push(body);
      return answerCreate(body);
    }
    return undefined;
  });
  renderInApp(<CcxCreateForm />, '/createCCX');
  return posts;
}

async function optionsOf(label: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: new RegExp(label) }));
  const names = within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((o) => o.textContent);
  fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  return names;
}

const total = () => screen.getByTestId('ccx-price-total').textContent;
const hourly = () => screen.getByTestId('ccx-price-hourly').textContent;

afterEach(() => vi.unstubAllGlobals());

describe('CCX create form', () => {
  it('shows the live monthly and hourly price as the engine, node count and size change', async () => {
    renderForm(() => json(200, { data: {} }));
    // One PostgreSQL node of 2 vCPU / 4 GB: (2 × 1 + 4 × 0.5 + 2 × 0.2 management) × 730 h
    await waitFor(() => expect(total()).toBe('NT$ 3,212.00 / month'));
    expect(hourly()).toBe('NT$ 4.40 / hour');
    await choose('Nodes', '^3$');
    await waitFor(() => expect(total()).toBe('NT$ 9,636.00 / month'));
    // Kubernetes keeps the 3 nodes (it runs 1-10) and has its own, lower, management fee.
    await choose('Engine', 'Kubernetes');
    await waitFor(() => expect(total()).toBe('NT$ 9,198.00 / month'));
    await choose('Node size', '4 vCPU / 8 GB');
    await waitFor(() => expect(total()).toBe('NT$ 18,396.00 / month'));
    expect(hourly()).toBe('NT$ 25.20 / hour');
  });

  it('offers each engine’s own versions and node counts, and only available VPCs', async () => {
    renderForm(() => json(200, { data: {} }));
    expect(await optionsOf('Version')).toEqual(['PostgreSQL 17', 'PostgreSQL 16', 'PostgreSQL 15']);
    expect(await optionsOf('Nodes')).toEqual(['1', '3']);
    await choose('Engine', 'MySQL');
    expect(await optionsOf('Version')).toEqual(['MySQL 8.4', 'MySQL 8.0']);
    await choose('Engine', 'Kubernetes');
    expect(await optionsOf('Nodes')).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /VPC/ }));
    const staging = await within(screen.getByRole('listbox')).findByRole('option', { name: /staging/ });
    expect(staging.getAttribute('aria-disabled')).toBe('true');
  });

  it('sends what was chosen, with the version reset when the engine has not got it', async () => {
    const posts = renderForm(() => json(200, { data: { uuid: 'c-1', name: 'cache' } }));
    fireEvent.change(document.querySelector('input[name="name"]')!, { target: { value: 'cache' } });
    await choose('Engine', 'Redis');
    await choose('Nodes', '^3$');
    await choose('VPC', 'default');
    fireEvent.click(screen.getByTestId('ccx-save'));
    await waitFor(() =>
      expect(posts).toEqual([
        {
          name: 'cache',
          engine: 'redis',
          version: '7.2',
          nodeCount: 3,
          nodeSize: '2c4g',
          vpcUuid: '0c1d2e3f-0000-4000-8000-00000000a001',
        },
      ]),
    );
  });
});
