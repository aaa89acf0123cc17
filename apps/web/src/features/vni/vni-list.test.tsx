import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Vni } from '@portal/shared';
import { ResourceList } from '../../components/resource-kit/resource-list';
import { captureDownloads, csvLines } from '../../test/downloads';
import { ROOT, fakeApi, page, renderInApp } from '../../test/resource-kit';
import { vniResource } from './vni-resource';

const vni = (n: number): Vni => ({
  vniUuid: `i-${n}`,
  vmUuid: `v-${n}`,
  vmName: `web-0${n}`,
  vmStatus: null,
  fwUuid: null,
  firewalls: [],
  vpcUuid: 'n-1',
  vpcName: 'net-1',
  vpcCidrIpv4: '10.0.0.0/16',
  cidrIpv4: '10.0.1.0/24',
  privateIpv4: `10.0.1.${n}`,
  publicIp: null,
  pendingOperation: null,
  createdAt: '2026-03-01T10:00:00.000Z',
});

describe('the VNI list', () => {
  it('has no action that runs on many: a selection offers its rows as CSV', async () => {
    fakeApi(ROOT, (url) => (url.pathname === '/api/vnis' ? page([vni(1), vni(2), vni(3)]) : undefined));
    const saved = captureDownloads();
    renderInApp(<ResourceList def={vniResource} inUrl />, '/vni');
    await screen.findByTestId('vni-adjust-i-3');
    fireEvent.click(screen.getByTestId('vni-select-i-1'));
    fireEvent.click(screen.getByTestId('vni-select-i-3'));
    const bar = screen.getByTestId('vni-bulk-bar');
    expect(bar.querySelectorAll('button')).toHaveLength(2); // the export and "clear"
    fireEvent.click(screen.getByTestId('vni-bulk-export'));
    await waitFor(() => expect(saved).toHaveLength(1));
    const lines = await csvLines(saved[0]!);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^i-1,web-01,net-1,,10\.0\.1\.0\/24,10\.0\.1\.1,,/);
    expect(lines[2]).toMatch(/^i-3,web-03,/);
  });
});
