import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type PublicCloudCredential, PublicCloudType } from '@portal/shared';
import { captureDownloads, csvLines } from '../../test/downloads';
import { json } from '../../test/http';
import { ROOT, fakeApi, page, renderInApp } from '../../test/resource-kit';
import { CredentialPanel } from './credential-panel';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const azure: PublicCloudCredential = {
  uuid: 'c-3',
  type: PublicCloudType.AZURE,
  keyId: '1f2e****9a8b',
  directoryId: '72f988bf-86f1-41af-91ab-2d7cd011db47',
  subscriptionId: '0b1c2d3e-0000-4000-8000-000000000003',
  createDate: '2026-03-01T10:00:00.000Z',
};

describe('the credential panel', () => {
  it('exports the provider’s credentials as CSV, naming them without any secret', async () => {
    const fetchMock = fakeApi(ROOT, (url) => {
      if (url.pathname === '/api/public-cloud-credentials')
        // Were the API ever to send a secret, no column of the file would take it.
        return page([{ ...azure, applicationPassword: 'TOP-SECRET', secretAccessKey: 'TOP-SECRET' }]);
      if (url.pathname.startsWith('/api/public-clouds/')) return json(200, { data: [] });
      return undefined;
    });
    const saved = captureDownloads();
    renderInApp(<CredentialPanel type={PublicCloudType.AZURE} credential={azure} />, '/exCloud?tab=azure');
    fireEvent.click(await screen.findByTestId('credential-export-3'));
    await waitFor(() => expect(saved).toHaveLength(1));

    const asked = fetchMock.mock.calls
      .map(([u]) => new URL(String(u), 'http://portal.test'))
      .filter((u) => u.pathname === '/api/public-cloud-credentials');
    expect(asked.map((u) => u.searchParams.get('type'))).toEqual(['3']);
    const lines = await csvLines(saved[0]!);
    expect(lines).toEqual([
      'Provider,Application ID,Directory (tenant) ID,Subscription ID,Added',
      'Azure,1f2e****9a8b,72f988bf-86f1-41af-91ab-2d7cd011db47,0b1c2d3e-0000-4000-8000-000000000003,2026-03-01T10:00:00.000Z',
      '',
    ]);
    expect(lines.join('\n')).not.toContain('TOP-SECRET');
  });

  it('words each VM’s power in the page’s language, the provider’s own word kept as its tooltip', async () => {
    const vm = {
      id: '/subscriptions/x/resourceGroups/rg/providers/Microsoft.Compute/virtualMachines/vm-web-01',
      name: 'vm-web-01',
      region: 'eastasia',
      state: 'VM deallocated',
      power: 'stopped',
      type: 'Standard_B2s',
      privateIp: '10.0.0.4',
    };
    fakeApi(ROOT, (url) => {
      if (url.pathname === '/api/public-cloud-credentials') return page([azure]);
      if (url.pathname.startsWith('/api/public-clouds/')) return json(200, { data: [vm] });
      return undefined;
    });
    renderInApp(<CredentialPanel type={PublicCloudType.AZURE} credential={azure} />, '/exCloud?tab=azure');
    const chip = await screen.findByTestId(`public-vm-power-${vm.id}`);
    expect(chip.textContent).toBe('Stopped');
  });

  it('offers no export while the provider has no credential', async () => {
    fakeApi(ROOT, () => undefined);
    renderInApp(<CredentialPanel type={PublicCloudType.AWS} credential={undefined} />, '/exCloud');
    await screen.findByTestId('credential-none-1');
    expect(screen.queryByTestId('credential-export-1')).toBeNull();
  });
});
