import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { REGISTER_RESEND_SECONDS } from '@portal/shared';
import { json } from '../../test/http';
import {
  EMAIL,
  later,
  mailApi,
  renderAfterMail,
  resetAfterMail,
  resendButton,
  sendAgainWithCaptcha,
} from '../../test/mail-resend';
import RegisterDonePage from './register-done-page';
import RegisterPage from './register-page';

afterEach(resetAfterMail);

describe('the registration mail’s Send again', () => {
  it('starts counting down REGISTER_RESEND_SECONDS with the first mail, sent from the form', async () => {
    mailApi('/api/register', () => json(200, { data: { email: EMAIL } }));
    render(
      <MemoryRouter initialEntries={['/register']}>
        <Routes>
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/registerDone" element={<RegisterDonePage />} />
        </Routes>
      </MemoryRouter>,
    );
    await screen.findByTestId('captcha-image');
    fireEvent.change(document.querySelector('input[name="email"]')!, { target: { value: EMAIL } });
    fireEvent.change(document.querySelector('input[name="captcha"]')!, { target: { value: 'ab3de' } });
    fireEvent.click(screen.getByTestId('email-captcha-submit'));
    await screen.findByTestId('register-done-page');
    expect(resendButton('register-done').textContent).toMatch(/^Send again in (2:00|1:59)$/);
    expect(resendButton('register-done').disabled).toBe(true);
  });

  it('sends the verification mail again once the window after the first has passed', async () => {
    const sent = mailApi('/api/register', () => json(200, { data: { email: EMAIL } }));
    renderAfterMail(<RegisterDonePage />, `/registerDone?email=${EMAIL}`, Date.now() - 30_000);
    expect(resendButton('register-done').textContent).toBe('Send again in 1:30');
    later(REGISTER_RESEND_SECONDS * 1000 - 30_000);
    await waitFor(() => expect(resendButton('register-done').disabled).toBe(false), { timeout: 3000 });
    await sendAgainWithCaptcha('register-done');
    await waitFor(() => expect(sent).toEqual([{ email: EMAIL, captcha: 'ab3de', captchaId: 'c-1' }]));
    await waitFor(() => expect(resendButton('register-done').textContent).toBe('Send again in 2:00'));
  });

  it('counts the whole window again on EMAIL_REPEAT', async () => {
    mailApi('/api/register', () => json(400, { msg: 'EMAIL_REPEAT' }));
    renderAfterMail(
      <RegisterDonePage />,
      `/registerDone?email=${EMAIL}`,
      Date.now() - REGISTER_RESEND_SECONDS * 1000,
    );
    await waitFor(() => expect(resendButton('register-done').disabled).toBe(false));
    await sendAgainWithCaptcha('register-done');
    await waitFor(() => expect(resendButton('register-done').textContent).toBe('Send again in 2:00'));
  });
});
