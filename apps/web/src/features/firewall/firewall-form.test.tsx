import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/http';
import { pricesAnswer } from '../../test/prices';
import { ROOT, fakeApi, page, renderInApp } from '../../test/resource-kit';
import { FirewallCreateForm } from './firewall-form';

const VPC = { netUuid: '0c1d2e3f-0000-4000-8000-00000000a001', netName: 'default', cidrIpv4: '10.0.0.0/16' };

function renderForm(answerCreate: (body: unknown) => Response) {
  const posts: unknown[] = [];
  fakeApi(ROOT, (url, init) => {
    if (url.pathname === '/api/vpcs') return page([VPC]);
    if (url.pathname === '/api/firewalls' && init.method === 'POST') {
      const body = JSON.parse(String(init.body));
      posts.push(body);
      return answerCreate(body);
    }
    if (url.pathname === '/api/firewalls') return page([], 3);
    return pricesAnswer(url);
  });
  renderInApp(<FirewallCreateForm />, '/createFirewall');
  return posts;
}

const input = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });

async function choose(label: string, option: string, nth = 0) {
  const boxes = await screen.findAllByRole('combobox', { name: new RegExp(label) });
  fireEvent.mouseDown(boxes[nth]!);
  fireEvent.click(
    await within(screen.getByRole('listbox')).findByRole('option', { name: new RegExp(`^${option}`) }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('firewall rule editor', () => {
  it('fixes the port for ALL and ICMP, takes a number for TCP and UDP, and marks the wrong cell', async () => {
    const posts = renderForm(() => json(200, { data: {} }));
    expect(await screen.findByText('You can have up to 20 firewalls; you have 3.')).toBeTruthy();
    type('name', 'web');
    await choose('VPC', 'default');
    fireEvent.click(screen.getByTestId('firewall-rule-add'));
    fireEvent.click(screen.getByTestId('firewall-rule-add'));

    // TCP (the default): typed in. ALL: "Any", read-only. ICMP: "-1". Back to UDP: empty again.
    expect(input('rules.0.fwrPort').value).toBe('');
    expect(input('rules.0.fwrPort').readOnly).toBe(false);
    await choose('Protocol', 'ALL', 0);
    await waitFor(() => expect(input('rules.0.fwrPort').value).toBe('Any'));
    expect(input('rules.0.fwrPort').readOnly).toBe(true);
    await choose('Protocol', 'ICMP', 0);
    await waitFor(() => expect(input('rules.0.fwrPort').value).toBe('-1'));
    await choose('Protocol', 'UDP', 0);
    await waitFor(() => expect(input('rules.0.fwrPort').value).toBe(''));
    expect(input('rules.0.fwrPort').readOnly).toBe(false);
    // The destination's example follows the IP version.
    expect(input('rules.1.cidrDest').placeholder).toContain('0.0.0.0/0');
    await choose('IP version', 'IPv6', 1);
    await waitFor(() => expect(input('rules.1.cidrDest').placeholder).toContain('::/0'));

    type('rules.0.fwrPort', '53');
    type('rules.0.cidrDest', '10.0.0.0/16');
    type('rules.1.fwrPort', '80-443');
    type('rules.1.cidrDest', '::/0');
    fireEvent.click(screen.getByTestId('firewall-save'));
    const row1 = screen.getByTestId('firewall-rule-1');
    expect(
      await within(row1).findByText('For TCP or UDP, enter a single port from 1 to 65535, not a range.'),
    ).toBeTruthy();
    expect(within(screen.getByTestId('firewall-rule-0')).queryByText(/single port/)).toBeNull();
    expect(posts).toEqual([]);

    // Reordered: the second row goes first, and the port typed stays with its row.
    type('rules.1.fwrPort', '443');
    fireEvent.click(screen.getByTestId('firewall-rule-up-1'));
    await waitFor(() => expect(input('rules.0.fwrPort').value).toBe('443'));
    fireEvent.click(screen.getByTestId('firewall-save'));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      name: 'web',
      vpcUuid: '0c1d2e3f-0000-4000-8000-00000000a001',
      rules: [
        { fwrDirection: 1, fwrIpVer: 2, fwrType: 1, fwrPort: '443', cidrDest: '::/0', fwrOperate: 0 },
        { fwrDirection: 1, fwrIpVer: 1, fwrType: 2, fwrPort: '53', cidrDest: '10.0.0.0/16', fwrOperate: 0 },
      ],
    });
  });

  it('puts the server’s rules.N.field problem on that cell', async () => {
    const posts = renderForm(() =>
      json(400, {
        msg: 'FORMAT_ERROR',
        errors: [{ path: 'rules.0.fwrPort', message: 'validation.firewallPort.tcpUdp' }],
      }),
    );
    type('name', 'web');
    await choose('VPC', 'default');
    fireEvent.click(screen.getByTestId('firewall-rule-add'));
    type('rules.0.fwrPort', '22');
    type('rules.0.cidrDest', '203.0.113.0/24');
    fireEvent.click(screen.getByTestId('firewall-save'));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(
      await within(screen.getByTestId('firewall-rule-0')).findByText(
        'For TCP or UDP, enter a single port from 1 to 65535, not a range.',
      ),
    ).toBeTruthy();
  });

  it('shows what a firewall costs a month, from the price list', async () => {
    renderForm(() => json(200, { data: {} }));
    await waitFor(() =>
      expect(screen.getByTestId('firewall-price-total').textContent).toBe('NT$ 150.00 / month'),
    );
    expect(screen.getByText(/its rules cost nothing extra/)).toBeTruthy();
    expect(screen.queryByTestId('firewall-price-change')).toBeNull();
  });
});
