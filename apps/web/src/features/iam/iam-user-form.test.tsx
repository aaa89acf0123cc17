import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authorityForRoles, type AuthorityTree } from '@portal/shared';
import { setToken } from '../../lib/session/session-store';
import { json, mockFetch } from '../../test/http';
import { IamUserForm } from './iam-user-form';
import { type } from '../../test/form-events';

const PASSWORD = 'Journey-Passw0rd-2026!';

function renderCreate(authority: AuthorityTree = true) {
  const posts: unknown[] = [];
  mockFetch((url, init) => {
    if (url.startsWith('/api/auth/page')) return json(200, { data: { menu: [], authority } });
    posts.push(JSON.parse(String(init.body)));
    if ((posts.at(-1) as { account: string }).account === 'taken')
      return json(400, { msg: 'ACCOUNT_EXISTS' });
    return json(200, { data: {} });
  });
  setToken('test-token');
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <IamUserForm />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return posts;
}

afterEach(() => vi.unstubAllGlobals());

describe('IAM user form', () => {
  it('previews what the chosen roles allow and sends the shared create body', async () => {
    const posts = renderCreate();
    type('account', 'ops.team');
    type('password', PASSWORD);
    type('confirmPassword', PASSWORD);
    expect(screen.getByText('Choose at least one role.')).toBeTruthy();
    fireEvent.click((await screen.findByTestId('role-computeOperator')).querySelector('input')!);
    expect(screen.getByTestId('role-preview-compute/vm').textContent).toContain('Manage');
    expect(screen.getByTestId('role-preview-network/vpc').textContent).toContain('View');
    fireEvent.click(screen.getByTestId('iam-user-save'));
    await waitFor(() =>
      expect(posts).toEqual([
        {
          account: 'ops.team',
          password: PASSWORD,
          roles: ['computeOperator'],
          email: '',
          enableTwoFactor: false,
        },
      ]),
    );
  });

  it('checks the account rule, the confirmation and the email two-factor needs before sending', async () => {
    const posts = renderCreate();
    type('account', 'bad name!');
    type('password', PASSWORD);
    type('confirmPassword', `${PASSWORD}x`);
    fireEvent.click(screen.getByTestId('field-enableTwoFactor'));
    fireEvent.click(screen.getByTestId('iam-user-save'));
    expect(await screen.findByText('Password and confirmation password do not match!')).toBeTruthy();
    expect(screen.getByText('Enter an email address before turning on two-step verification.')).toBeTruthy();
    expect(posts).toEqual([]);
  });

  it('shows ACCOUNT_EXISTS on the account field', async () => {
    renderCreate();
    type('account', 'taken');
    type('password', PASSWORD);
    type('confirmPassword', PASSWORD);
    fireEvent.click((await screen.findByTestId('role-readOnly')).querySelector('input')!);
    fireEvent.click(screen.getByTestId('iam-user-save'));
    expect(await screen.findByText('This account already exists.')).toBeTruthy();
  });

  it('offers only the roles within the signed-in user manager’s own authority', async () => {
    renderCreate(authorityForRoles(['userManager']));
    await waitFor(() =>
      expect(screen.getByTestId('role-userManager').querySelector('input')!.disabled).toBe(false),
    );
    expect(screen.getByTestId('role-administrator').querySelector('input')!.disabled).toBe(true);
  });
});
