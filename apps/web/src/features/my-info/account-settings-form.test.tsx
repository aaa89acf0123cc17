import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientInfo } from '@portal/shared';
import { json, mockFetch } from '../../test/http';
import { AccountSettingsForm } from './account-settings-form';
import { type } from '../../test/form-events';

const ROOT: ClientInfo = {
  id: 'u1',
  account: 'owner@example.com',
  identityNumber: '12345675',
  companyName: 'Example',
  clientNumber: '20260000001',
  email: 'owner@example.com',
  twoFa: true,
  isRoot: true,
  contactName: '',
  contactTel: '',
  contactMobile: '',
};

function renderForm(info: ClientInfo) {
  const bodies: unknown[] = [];
  mockFetch((_url, init) => {
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    bodies.push(body);
    if (body.pass0 === 'Wrong-Password-2026!') return json(400, { msg: 'INCORRECT_PASSWORD' });
    return json(200, { data: { ...info, twoFa: body.twoFa } });
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AccountSettingsForm info={info} />
    </QueryClientProvider>,
  );
  return bodies;
}

afterEach(() => vi.unstubAllGlobals());

describe('account settings form', () => {
  it('turns two-factor off for a root user without sending an email', async () => {
    const bodies = renderForm(ROOT);
    fireEvent.click(screen.getByTestId('field-twoFa'));
    fireEvent.click(screen.getByTestId('my-info-save'));
    await waitFor(() => expect(bodies).toEqual([{ twoFa: false }]));
  });

  it('needs the confirmation to match the new password', async () => {
    const bodies = renderForm(ROOT);
    type('pass0', 'Old-Password-2026!');
    type('pass1', 'New-Password-2026!');
    type('pass2', 'New-Password-2027!');
    fireEvent.click(screen.getByTestId('my-info-save'));
    expect(await screen.findByText('Password and confirmation password do not match!')).toBeTruthy();
    expect(bodies).toEqual([]);
  });

  it('shows the password rule with its limits, and a wrong current password on its field', async () => {
    const bodies = renderForm(ROOT);
    type('pass0', 'short');
    fireEvent.click(screen.getByTestId('my-info-save'));
    expect(
      await screen.findByText(
        'Use 12 to 32 characters with a digit, an upper-case letter, a lower-case letter and a symbol.',
      ),
    ).toBeTruthy();
    type('pass0', 'Wrong-Password-2026!');
    type('pass1', 'New-Password-2026!');
    type('pass2', 'New-Password-2026!');
    fireEvent.click(screen.getByTestId('my-info-save'));
    expect(await screen.findByText('The current password is incorrect.')).toBeTruthy();
    expect(bodies).toEqual([{ twoFa: true, pass0: 'Wrong-Password-2026!', pass1: 'New-Password-2026!' }]);
  });

  it('requires an email before an IAM user turns two-factor on, and sends it', async () => {
    const bodies = renderForm({ ...ROOT, isRoot: false, twoFa: false, email: '' });
    fireEvent.click(screen.getByTestId('field-twoFa'));
    fireEvent.click(screen.getByTestId('my-info-save'));
    expect(await screen.findByText('This field cannot be empty.')).toBeTruthy();
    type('email', 'iam@example.com');
    fireEvent.click(screen.getByTestId('my-info-save'));
    await waitFor(() => expect(bodies).toEqual([{ twoFa: true, email: 'iam@example.com' }]));
  });
});
