import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '../../lib/toast/toast-store';
import { json } from '../../test/http';
import { pricesAnswer } from '../../test/prices';
import { ROOT, fakeApi, page, renderInApp } from '../../test/resource-kit';
import { CredentialDialog } from './credential-dialog';
import { ExchangeCreateForm } from './exchange-create-form';

const VPC = {
  netUuid: '0c1d2e3f-0000-4000-8000-00000000a001',
  netName: 'default',
  cidrIpv4: '10.0.0.0/16',
  status: 1,
};

const type = (name: string, value: string) =>
  fireEvent.change(document.querySelector(`[name="${name}"]`)!, { target: { value } });

async function choose(label: string, option: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: new RegExp(label) }));
  fireEvent.click(
    await within(screen.getByRole('listbox')).findByRole('option', { name: new RegExp(option) }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the order form', () => {
  it('hints and checks the pair key of the provider chosen, then orders and goes to its tab', async () => {
    const posts: unknown[] = [];
    fakeApi(ROOT, (url, init) => {
      if (url.pathname === '/api/vpcs') return page([VPC]);
      if (url.pathname === '/api/exchanges' && init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { ccxType: number; pairKey: string };
        posts.push(body);
        return json(200, { data: { uuid: 'x-1', ...body } });
      }
      return pricesAnswer(url);
    });
    renderInApp(<ExchangeCreateForm />, '/createExCloud?ccxType=3');
    // The port at its month's price, charged once the other side accepts.
    await waitFor(() =>
      expect(screen.getByTestId('exchange-price-total').textContent).toBe('NT$ 6,000.00 / month'),
    );
    expect(screen.getByTestId('exchange-price').textContent).toContain('Connection port');
    expect(await screen.findByText(/service key of your ExpressRoute circuit/)).toBeTruthy();
    await choose('VPC', 'default');
    type('pairKey', 'dxcon-fg5678gh');
    fireEvent.click(screen.getByTestId('exchange-save'));
    expect(await screen.findByText(/Enter the service key, a GUID/)).toBeTruthy();
    // The same key is right for AWS: choosing AWS checks it again.
    await choose('Cloud', 'AWS');
    await waitFor(() => expect(screen.queryByText(/Enter the service key, a GUID/)).toBeNull());
    expect(screen.getByText(/Direct Connect › Connections/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('exchange-save'));
    await waitFor(() =>
      expect(posts).toEqual([
        { ccxType: 1, vpcUuid: '0c1d2e3f-0000-4000-8000-00000000a001', pairKey: 'dxcon-fg5678gh' },
      ]),
    );
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/exCloud?tab=aws'));
    // In the connection's own words: it is being ordered, not created.
    expect(toastStore.get().map((t) => [t.type, t.message, t.values])).toContainEqual([
      'success',
      'exCloud.toasts.created',
      { name: 'dxcon-fg5678gh' },
    ]);
  });
});

describe('the credential dialog', () => {
  it('asks for the provider’s fields and sends nothing while one is missing or malformed', async () => {
    const posts: unknown[] = [];
    fakeApi(ROOT, (url, init) => {
      if (url.pathname === '/api/public-cloud-credentials' && init.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        return json(200, { data: {} });
      }
      return undefined;
    });
    const onClose = vi.fn();
    renderInApp(<CredentialDialog type={3} onClose={onClose} />, '/exCloud?tab=azure');
    type('applicationId', '8a1b2c3d-4e5f-4a6b-9c8d-7e6f5a4b3c2d');
    type('directoryId', 'contoso');
    fireEvent.click(screen.getByTestId('credential-dialog-submit'));
    expect(await screen.findAllByText('This field cannot be empty.')).toHaveLength(2);
    type('applicationPassword', 'secret-value');
    type('subscriptionId', '0b1f6471-1bf0-4dda-aec3-cb9272f09590');
    fireEvent.click(screen.getByTestId('credential-dialog-submit'));
    expect(await screen.findByText(/^Enter a GUID/)).toBeTruthy();
    expect(posts).toEqual([]);
    type('directoryId', '72f988bf-86f1-41af-91ab-2d7cd011db47');
    fireEvent.click(screen.getByTestId('credential-dialog-submit'));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ type: 3, applicationPassword: 'secret-value' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('reads a GCP key file into the field', async () => {
    fakeApi(ROOT, () => undefined);
    renderInApp(<CredentialDialog type={2} onClose={() => undefined} />, '/exCloud?tab=gcp');
    const key = JSON.stringify({
      type: 'service_account',
      project_id: 'p',
      client_email: 'a@p',
      private_key: 'x',
    });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File([key], 'key.json', { type: 'application/json' })] },
    });
    await waitFor(() =>
      expect((screen.getByTestId('field-credentialsJson') as HTMLTextAreaElement).value).toBe(key),
    );
    // Not a private key: the shared rule says what is wrong.
    expect(await screen.findByText(/service account's JSON key file/)).toBeTruthy();
  });
});
