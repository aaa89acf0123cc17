import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RegistrationFormState } from '@portal/shared';
import { json, mockFetch } from '../../test/http';
import RegisterInfoInputPage from './register-info-input-page';
import { type } from '../../test/form-events';

const STATE: RegistrationFormState = {
  email: 'owner@example.com',
  state: 'REGISTER_NOT_COMPLETED',
  submitted: false,
  draft: { company_name: 'Draft Co.' },
  docs: { doc1: { name: 'id.png', size: 2048, contentType: 'image/png' } },
};

function renderPage(answer: (url: string, init: RequestInit) => Response) {
  const calls: { url: string; method: string; body?: unknown }[] = [];
  mockFetch((url, init) => {
    calls.push({
      url,
      method: init.method ?? 'GET',
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    });
    return answer(url, init);
  });
  render(
    <MemoryRouter initialEntries={['/registerInfoInput/g1']}>
      <Routes>
        <Route path="/registerInfoInput/:guid" element={<RegisterInfoInputPage />} />
        <Route path="/registerInfoDone" element={<p>Done page</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('RegisterInfoInputPage', () => {
  it('starts from the draft, asks before submitting without every certificate, and sends typed values', async () => {
    const calls = renderPage((url, init) =>
      init.method === 'POST'
        ? json(200, { data: { ...STATE, submitted: true } })
        : json(200, { data: STATE }),
    );
    await screen.findByTestId('section-basic');
    expect(document.querySelector<HTMLInputElement>('input[name="company_name"]')!.value).toBe('Draft Co.');
    // A company must match its certificate; the warning is shown under the name.
    expect(screen.getByText(/Must match the company registration certificate/)).toBeTruthy();
    type('identity_number', '04595257');
    type('company_owner', 'Owner');
    type('contact_name', 'Contact');
    type('contact_mobile', '0912345678');
    fireEvent.click(screen.getByTestId('register-info-submit'));
    await screen.findByTestId('confirm-dialog');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    await screen.findByText('Done page');
    const submit = calls.find((c) => c.method === 'POST');
    expect(submit?.url).toBe('/api/register/info/g1/submit');
    expect(submit?.body).toMatchObject({
      identity_number: '04595257',
      industry_type: 10,
      is_foreign: 0,
      contact_mobile_code: '886',
    });
  });

  it('refuses a tax ID whose checksum fails, without a call', async () => {
    const calls = renderPage(() => json(200, { data: STATE }));
    await screen.findByTestId('section-basic');
    type('identity_number', '04595258');
    fireEvent.click(screen.getByTestId('register-info-submit'));
    await screen.findByText('Enter a valid national ID number or company tax ID.');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('shows at the identity number that it already has an account or an application (one member, one account)', async () => {
    renderPage((_url, init) =>
      init.method === 'POST'
        ? json(400, {
            msg: 'USER_NUMBER_EXISTS',
            errors: [{ path: 'identity_number', message: 'apiError.USER_NUMBER_EXISTS' }],
          })
        : json(200, { data: STATE }),
    );
    await screen.findByTestId('section-basic');
    type('identity_number', '04595257');
    type('company_owner', 'Owner');
    type('contact_name', 'Contact');
    type('contact_mobile', '0912345678');
    fireEvent.click(screen.getByTestId('register-info-submit'));
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    const messages = await screen.findAllByText(/Each member may register only one account/);
    expect(messages.length).toBeGreaterThan(0);
    expect(screen.queryByText('Done page')).toBeNull();
  });

  it('shows an expired link', async () => {
    renderPage(() => json(400, { msg: 'LINK_EXPIRED' }));
    await waitFor(() => expect(screen.getByTestId('register-info-error').textContent).toMatch(/expired/));
  });
});
