import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FirewallStatus } from '@portal/shared';
import { json } from '../../test/http';
import { ROOT, fakeApi, page, renderInApp } from '../../test/resource-kit';
import { VmCreateForm } from './vm-create-form';
import { choose, type } from '../../test/form-events';

const TEMPLATES = [
  {
    uuid: '0c1d2e3f-0000-4000-8000-00000000c024',
    osName: 'Ubuntu',
    version: '24.04 LTS',
    family: 'linux',
    minDiskGb: 50,
    licensed: false,
  },
  {
    uuid: '0c1d2e3f-0000-4000-8000-00000000c022',
    osName: 'Windows Server',
    version: '2022',
    family: 'windows',
    minDiskGb: 80,
    licensed: true,
  },
];
const PRICES = [
  { code: 'vm.vcpu', unitPrice: '1.0000' },
  { code: 'vm.ram', unitPrice: '0.5000' },
  { code: 'vm.public-ip', unitPrice: '0.1000' },
  { code: 'vm.image.windows', unitPrice: '0.2000' },
  { code: 'disk.ssd', unitPrice: '2.0000' },
  { code: 'disk.hdd', unitPrice: '1.0000' },
];
const VPC = { netUuid: '0c1d2e3f-0000-4000-8000-00000000a001', netName: 'default', cidrIpv4: '10.0.0.0/16' };
const FIREWALLS = [
  { firewallUuid: '0c1d2e3f-0000-4000-8000-00000000d001', name: 'web', status: FirewallStatus.EDITABLE },
  { firewallUuid: '0c1d2e3f-0000-4000-8000-00000000d002', name: 'db', status: FirewallStatus.UPDATING },
];

const SNAPSHOT = {
  uuid: '0c1d2e3f-0000-4000-8000-00000000e001',
  name: 'nightly',
  snapshotSizes: 180,
  vmUuid: '0c1d2e3f-0000-4000-8000-00000000b001',
  vmName: 'db-1',
  vmStatus: 0 as const,
  diskQty: 2,
  policyUuid: null,
  policyName: null,
  status: 1 as const,
  statusReason: null,
  pendingOperation: null,
  templateUUID: '0c1d2e3f-0000-4000-8000-00000000c022',
  templateOSName: 'Windows Server 2022',
  cpuCore: 4,
  ramSize: 16,
  disks: [
    { sizeGb: 80, speed: 0 as const, isRoot: true },
    { sizeGb: 100, speed: 1 as const, isRoot: false },
  ],
  createDate: '2026-11-20T18:00:00.000Z',
};

function renderForm(answerCreate: (body: unknown) => Response, snapshot?: typeof SNAPSHOT) {
  const posts: unknown[] = [];
  fakeApi(ROOT, (url, init) => {
    if (url.pathname === '/api/templates') return json(200, { data: TEMPLATES });
    if (url.pathname === '/api/prices') return json(200, { data: PRICES });
    if (url.pathname === '/api/vpcs') return page([VPC]);
    if (url.pathname === '/api/firewalls') return page(FIREWALLS);
    if (url.pathname === '/api/vms' && init.method === 'POST') {
      const body = JSON.parse(String(init.body));
      posts.push(body);
      return answerCreate(body);
    }
    return undefined;
  });
  renderInApp(<VmCreateForm snapshot={snapshot} />, '/createVM');
  return posts;
}

const total = () => screen.getByTestId('vm-price-total').textContent;

afterEach(() => vi.unstubAllGlobals());

describe('VM create form', () => {
  it('shows the live monthly price as the size changes', async () => {
    renderForm(() => json(200, { data: {} }));
    // 2 vCPU × 730 h × 1 + 4 GB × 730 h × 0.5 + public IP 730 h × 0.1 + 50 GB SSD × 2
    await waitFor(() => expect(total()).toBe('NT$ 3,093.00 / month'));
    await choose('vCPU', '^4 vCPU');
    await waitFor(() => expect(total()).toBe('NT$ 4,553.00 / month'));
    // A Windows image adds its licence per vCPU-hour and needs a larger root volume.
    await choose('Operating system', 'Windows Server');
    await waitFor(() =>
      expect((document.querySelector('input[name="rootDiskSize"]') as HTMLInputElement).value).toBe('80'),
    );
    await waitFor(() => expect(total()).toBe('NT$ 5,197.00 / month'));
  });

  it('shows the shared schema’s messages on the fields and sends nothing', async () => {
    const posts = renderForm(() => json(200, { data: {} }));
    type('name', '-bad name');
    fireEvent.click(screen.getByTestId('data-disk-add'));
    type('dataDisks.0.diskSize', '5');
    fireEvent.click(screen.getByTestId('vm-save'));
    expect(await screen.findByText(/^Use 1 to 64 letters, digits/)).toBeTruthy();
    expect(screen.getByText('A data volume must be 10 to 16384 GB.')).toBeTruthy();
    expect(screen.getAllByText('This field cannot be empty.').length).toBeGreaterThanOrEqual(2);
    expect(posts).toEqual([]);
  });

  it('offers only the firewalls a new VM may use, and puts a server 400’s field problems on the fields', async () => {
    const posts = renderForm(() =>
      json(400, {
        msg: 'FORMAT_ERROR',
        errors: [{ path: 'dataDisks.0.diskSize', message: 'validation.dataDiskSize' }],
      }),
    );
    type('name', 'web-01');
    await choose('Operating system', 'Ubuntu');
    await choose('VPC', 'default');
    const busy = (await screen.findByTestId(
      'firewall-0c1d2e3f-0000-4000-8000-00000000d002',
    )) as HTMLInputElement;
    expect(busy.disabled).toBe(true);
    expect(screen.getByText('The firewall is being changed; wait until the change is done.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('firewall-0c1d2e3f-0000-4000-8000-00000000d001'));
    fireEvent.click(screen.getByTestId('data-disk-add'));
    // Memory is checked against the vCPU count it is asked with (1x to 8x).
    type('ramSize', '40');
    fireEvent.click(screen.getByTestId('vm-save'));
    expect(
      await screen.findByText('Memory (GB) must be at least the vCPU count and at most 8 times it.'),
    ).toBeTruthy();
    expect(posts).toEqual([]);
    type('ramSize', '4');
    fireEvent.click(screen.getByTestId('vm-save'));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      name: 'web-01',
      templateUUID: '0c1d2e3f-0000-4000-8000-00000000c024',
      cpuCore: 2,
      ramSize: 4,
      rootDiskSize: 50,
      dataDisks: [{ diskSize: 100, diskSpeed: 0 }],
      vpcUuid: '0c1d2e3f-0000-4000-8000-00000000a001',
      firewallUuids: ['0c1d2e3f-0000-4000-8000-00000000d001'],
      isAutoAssignPublicIP: true,
    });
    expect(await screen.findByText('A data volume must be 10 to 16384 GB.')).toBeTruthy();
  });

  it('starts from a snapshot: its image only, its size and disks, never smaller', async () => {
    const posts = renderForm(() => json(200, { data: { uuid: 'vm-9', name: 'db-1-copy' } }), SNAPSHOT);
    await waitFor(() =>
      expect((document.querySelector('input[name="name"]') as HTMLInputElement).value).toBe('db-1-copy'),
    );
    expect((document.querySelector('input[name="rootDiskSize"]') as HTMLInputElement).value).toBe('80');
    expect((document.querySelector('input[name="dataDisks.0.diskSize"]') as HTMLInputElement).value).toBe(
      '100',
    );
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Operating system/ }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Windows Server']);
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    await choose('VPC', 'default');
    type('rootDiskSize', '60');
    fireEvent.click(screen.getByTestId('data-disk-remove-0'));
    fireEvent.click(screen.getByTestId('vm-save'));
    expect(await screen.findByText("Cannot be smaller than the snapshot's disk.")).toBeTruthy();
    expect(screen.getByText("Keep the snapshot's data volumes (they can grow).")).toBeTruthy();
    expect(posts).toEqual([]);
    type('rootDiskSize', '120');
    fireEvent.click(screen.getByTestId('data-disk-add'));
    type('dataDisks.0.diskSize', '200');
    fireEvent.click(screen.getByTestId('vm-save'));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      name: 'db-1-copy',
      templateUUID: '0c1d2e3f-0000-4000-8000-00000000c022',
      cpuCore: 4,
      ramSize: 16,
      rootDiskSize: 120,
      dataDisks: [{ diskSize: 200 }],
      snapshotUuid: '0c1d2e3f-0000-4000-8000-00000000e001',
    });
  });
});
