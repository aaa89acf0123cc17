import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/http';
import { pricesAnswer } from '../../test/prices';
import { ROOT, fakeApi, page, renderInApp } from '../../test/resource-kit';
import { BalancerCreateForm } from './balancer-form';
import { choose, type } from '../../test/form-events';

const VPC = { netUuid: '0c1d2e3f-0000-4000-8000-00000000a001', netName: 'default', cidrIpv4: '10.0.0.0/16' };
const VMS = [
  {
    uuid: '0c1d2e3f-0000-4000-8000-00000000b001',
    name: 'web-01',
    privateIP: '10.0.0.11',
    vpcUuid: '0c1d2e3f-0000-4000-8000-00000000a001',
  },
  {
    uuid: '0c1d2e3f-0000-4000-8000-00000000b002',
    name: 'web-02',
    privateIP: '10.0.0.12',
    vpcUuid: '0c1d2e3f-0000-4000-8000-00000000a001',
  },
];
const CERT = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIU\n-----END CERTIFICATE-----\n';
const KEY = '-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49\n-----END PRIVATE KEY-----\n';

function renderForm(answerCreate: (body: unknown) => Response) {
  const posts: Record<string, unknown>[] = [];
  const vmQueries: string[] = [];
  fakeApi(ROOT, (url, init) => {
    if (url.pathname === '/api/vpcs') return page([VPC]);
    if (url.pathname === '/api/vms') {
      vmQueries.push(url.searchParams.get('vpcUuid') ?? '');
      return page(VMS);
    }
    if (url.pathname === '/api/balancers' && init.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      posts.push(body);
      return answerCreate(body);
    }
    return pricesAnswer(url);
  });
  renderInApp(<BalancerCreateForm />, '/createBalancer');
  return { posts, vmQueries };
}

const pick = (field: 'lbCertificate' | 'lbPrivateKey', text: string, name: string) =>
  fireEvent.change(screen.getByTestId(`field-${field}-file`), {
    target: { files: [new File([text], name, { type: 'application/x-pem-file' })] },
  });

afterEach(() => vi.unstubAllGlobals());

describe('load balancer form', () => {
  it('prices 730 hours of the balancer, and HTTPS offload on top for HTTPS', async () => {
    renderForm(() => json(200, { data: {} }));
    // 1.80 × 730 h; HTTPS adds 0.60 × 730 h.
    await waitFor(() =>
      expect(screen.getByTestId('balancer-price-total').textContent).toBe('NT$ 1,314.00 / month'),
    );
    await choose('Protocol', 'HTTPS');
    await waitFor(() =>
      expect(screen.getByTestId('balancer-price-total').textContent).toBe('NT$ 1,752.00 / month'),
    );
    expect(screen.getByTestId('balancer-price').textContent).toContain('HTTPS offload');
  });

  it('offers the protocols of the type, and XFF and a host name only over HTTP', async () => {
    renderForm(() => json(200, { data: {} }));
    expect(await screen.findByTestId('field-lbXforwardedfor')).toBeTruthy();
    expect(document.querySelector('input[name="lbUrl"]')).not.toBeNull();
    await choose('Type', 'Network');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Protocol/ }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['TCP', 'UDP']);
    fireEvent.click(options[1]!);
    await waitFor(() =>
      expect((document.querySelector('input[name="lbPort"]') as HTMLInputElement).value).toBe('53'),
    );
    expect(screen.queryByTestId('field-lbXforwardedfor')).toBeNull();
    expect(document.querySelector('input[name="lbUrl"]')).toBeNull();
    expect(screen.queryByTestId('field-lbCertificate-file')).toBeNull();
  });

  it('asks HTTPS for PEM files, reads them, sends them as text and shows the server’s refusal on the key', async () => {
    const { posts, vmQueries } = renderForm(() =>
      json(400, {
        msg: 'LB_KEY_MISMATCH',
        errors: [{ path: 'lbPrivateKey', message: 'apiError.LB_KEY_MISMATCH' }],
      }),
    );
    type('lbName', 'shop');
    await choose('Protocol', 'HTTPS');
    await waitFor(() =>
      expect((document.querySelector('input[name="lbPort"]') as HTMLInputElement).value).toBe('443'),
    );
    await choose('VPC', 'default');
    await choose('Target VMs', 'web-02');
    expect(vmQueries).toContain('0c1d2e3f-0000-4000-8000-00000000a001');
    fireEvent.click(screen.getByTestId('balancer-save'));
    await waitFor(() =>
      expect(screen.getByTestId('lbCertificate-message').textContent).toBe('This field cannot be empty.'),
    );
    pick('lbPrivateKey', 'hello', 'notes.txt');
    await waitFor(() =>
      expect(screen.getByTestId('lbPrivateKey-message').textContent).toMatch(/^Choose an unencrypted PEM/),
    );
    pick('lbCertificate', CERT, 'shop.crt');
    pick('lbPrivateKey', KEY, 'shop.key');
    await waitFor(() => expect(screen.getByTestId('lbPrivateKey-file-name').textContent).toBe('shop.key'));
    fireEvent.click(screen.getByTestId('balancer-save'));
    await waitFor(() =>
      expect(screen.getByTestId('lbPrivateKey-message').textContent).toBe(
        'The private key does not belong to the certificate.',
      ),
    );
    expect(posts).toEqual([
      {
        lbType: 1,
        lbName: 'shop',
        lbProtocol: 'HTTPS',
        lbPort: 443,
        lbUrl: '',
        vpcUuid: '0c1d2e3f-0000-4000-8000-00000000a001',
        vmUuids: ['0c1d2e3f-0000-4000-8000-00000000b002'],
        lbHealthCheck: true,
        lbXforwardedfor: false,
        lbCertificate: CERT,
        lbPrivateKey: KEY,
      },
    ]);
  });
});
