import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AuthorityTree, type Firewall, FirewallStatus, type Vm } from '@portal/shared';
import { json } from '../../test/http';
import { ROOT, fakeApi, page, renderInApp } from '../../test/resource-kit';
import { VmSecurityTab } from './vm-security-tab';

const fw = (id: string, name: string, status: number = FirewallStatus.EDITABLE): Firewall => ({
  firewallUuid: id,
  name,
  status: status as Firewall['status'],
  statusReason: null,
  pendingOperation: null,
  vpcUuid: 'vpc-1',
  vpcName: 'default',
  ruleCount: 1,
  vmCount: 1,
  createdAt: '2026-11-20T00:00:00.000Z',
});
const FIREWALLS = [fw('fw-web', 'web'), fw('fw-db', 'db', FirewallStatus.UPDATING), fw('fw-ops', 'ops')];
const RULE = {
  fwRuleUuid: 'r-1',
  fwrDirection: 1,
  fwrIpVer: 1,
  fwrType: 1,
  fwrPort: '8443',
  cidrDest: '203.0.113.0/24',
  fwrOperate: 0,
  remark: 'Admin console',
};
const VM = {
  uuid: 'vm-1',
  name: 'app-1',
  status: 1,
  pendingOperation: null,
  vpcUuid: 'vpc-1',
  vpcName: 'default',
  firewallUuids: ['fw-web'],
} as unknown as Vm;

function renderTab(authority: AuthorityTree = ROOT) {
  const posts: { url: string; body: unknown }[] = [];
  fakeApi(authority, (url, init) => {
    if (url.pathname === '/api/firewalls' && url.searchParams.get('vmUuid')) return page([FIREWALLS[0]]);
    if (url.pathname === '/api/firewalls') return page(FIREWALLS);
    if (url.pathname.endsWith('/rules')) return json(200, { data: [RULE] });
    if (init.method === 'POST') {
      posts.push({ url: url.pathname, body: JSON.parse(String(init.body)) });
      return json(200, { data: fw('fw-ops', 'ops', FirewallStatus.UPDATING) });
    }
    return undefined;
  });
  renderInApp(<VmSecurityTab vm={VM} />, '/vmSetting/vm-1?tab=security');
  return posts;
}

afterEach(() => vi.unstubAllGlobals());

describe('VM security tab', () => {
  it('shows the rules of the VM’s firewalls and attaches one of its VPC’s, a busy one disabled with the reason', async () => {
    const posts = renderTab();
    const card = await screen.findByTestId('vm-firewall-fw-web');
    expect(await within(card).findByText('8443')).toBeTruthy();
    expect(within(card).getByText('Admin console')).toBeTruthy();
    expect(screen.queryByTestId('vm-firewall-fw-ops')).toBeNull();

    fireEvent.click(screen.getByTestId('vm-firewall-attach'));
    const dialog = await screen.findByTestId('vm-firewall-attach-dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    const busy = await screen.findByTestId('vm-firewall-option-fw-db');
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    expect(
      within(busy).getByText('The firewall is being changed; wait until the change is done.'),
    ).toBeTruthy();
    // The VM is already in "web": it is not offered.
    expect(screen.queryByTestId('vm-firewall-option-fw-web')).toBeNull();
    fireEvent.click(screen.getByTestId('vm-firewall-option-fw-ops'));
    fireEvent.click(screen.getByTestId('vm-firewall-attach-confirm'));
    await waitFor(() =>
      expect(posts).toEqual([{ url: '/api/firewalls/fw-ops/attach', body: { vmUuid: 'vm-1' } }]),
    );
  });

  it('warns before detaching the last firewall', async () => {
    const posts = renderTab();
    fireEvent.click(await screen.findByTestId('vm-firewall-detach-fw-web'));
    expect(await screen.findByText(/This is the last firewall of app-1/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    await waitFor(() =>
      expect(posts).toEqual([{ url: '/api/firewalls/fw-web/detach', body: { vmUuid: 'vm-1' } }]),
    );
  });

  it('shows a user who may only view firewalls no attach or detach', async () => {
    renderTab({ network: { firewall: { view: true } }, compute: { vm: { view: true } } } as AuthorityTree);
    expect(await screen.findByTestId('vm-firewall-fw-web')).toBeTruthy();
    expect(screen.queryByTestId('vm-firewall-attach')).toBeNull();
    expect(screen.queryByTestId('vm-firewall-detach-fw-web')).toBeNull();
  });
});
