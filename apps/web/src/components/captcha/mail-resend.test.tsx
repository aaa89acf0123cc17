import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EmailCaptchaBody } from '@portal/shared';
import { request } from '../../lib/api/api-client';
import { toastStore } from '../../lib/toast/toast-store';
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
import { MailResend, waitText } from './mail-resend';

afterEach(resetAfterMail);

const WINDOW_MS = 90_000;
// A made-up route (the component is handed its call): sent untyped.
const send = (body: EmailCaptchaBody) => request('POST', '/mail', { body });

/** The button on a page whose mail went `ago` ms before it opened. */
function renderResend(ago: number | undefined, email = EMAIL) {
  renderAfterMail(
    <MailResend email={email} windowMs={WINDOW_MS} repeatCode="EMAIL_REPEAT" send={send} testId="done" />,
    `/done?email=${email}`,
    ago === undefined ? undefined : Date.now() - ago,
  );
}

describe('waitText', () => {
  it('is minutes and seconds under an hour, with hours above', () => {
    expect(waitText(120)).toBe('2:00');
    expect(waitText(59)).toBe('0:59');
    expect(waitText(3599)).toBe('59:59');
    expect(waitText(24 * 3600)).toBe('24:00:00');
  });
});

describe('<MailResend>', () => {
  it('counts the window from the first mail, then sends again with a new captcha and counts again', async () => {
    const sent = mailApi('/api/mail', () => json(200, { data: {} }));
    renderResend(30_000);
    expect(resendButton('done').textContent).toBe('Send again in 1:00');
    expect(resendButton('done').disabled).toBe(true);
    later(WINDOW_MS - 30_000);
    await waitFor(() => expect(resendButton('done').disabled).toBe(false), { timeout: 3000 });
    expect(resendButton('done').textContent).toBe('Send again');
    const dialog = await sendAgainWithCaptcha('done');
    expect(dialog.textContent).toContain(EMAIL);
    await waitFor(() => expect(sent).toEqual([{ email: EMAIL, captcha: 'ab3de', captchaId: 'c-1' }]));
    await waitFor(() => expect(screen.queryByTestId('done-resend-dialog')).toBeNull());
    expect(toastStore.get().map((t) => [t.message, t.values])).toContainEqual([
      'captcha.resend.sent',
      { email: EMAIL },
    ]);
    expect(resendButton('done').textContent).toBe('Send again in 1:30');
  });

  it('counts from when the page opened when it does not know when the mail went', () => {
    mailApi('/api/mail', () => json(200, { data: {} }));
    renderResend(undefined);
    expect(resendButton('done').textContent).toBe('Send again in 1:30');
  });

  it('counts the whole window again when the server says a mail was just sent', async () => {
    mailApi('/api/mail', () => json(400, { msg: 'EMAIL_REPEAT' }));
    renderResend(WINDOW_MS);
    await waitFor(() => expect(resendButton('done').disabled).toBe(false));
    await sendAgainWithCaptcha('done');
    await waitFor(() => expect(resendButton('done').textContent).toBe('Send again in 1:30'));
    await waitFor(() => expect(screen.queryByTestId('done-resend-dialog')).toBeNull());
  });

  it('waits the Retry-After of a day’s limit', async () => {
    mailApi('/api/mail', () => json(429, { msg: 'TRY_AGAIN_LATER' }, { 'Retry-After': '3600' }));
    renderResend(WINDOW_MS);
    await waitFor(() => expect(resendButton('done').disabled).toBe(false));
    await sendAgainWithCaptcha('done');
    await waitFor(() => expect(resendButton('done').textContent).toBe('Send again in 1:00:00'));
  });

  it('keeps the dialog open with a new captcha after a wrong one', async () => {
    mailApi('/api/mail', () => json(400, { msg: 'CAPTCHA_NOT_MATCH' }));
    renderResend(WINDOW_MS);
    await waitFor(() => expect(resendButton('done').disabled).toBe(false));
    await sendAgainWithCaptcha('done');
    await waitFor(() =>
      expect(toastStore.get().map((t) => t.message)).toContain('apiError.CAPTCHA_NOT_MATCH'),
    );
    expect(screen.getByTestId('done-resend-dialog')).toBeTruthy();
    expect(resendButton('done').disabled).toBe(false);
  });

  it('offers nothing without an address to send to', () => {
    mailApi('/api/mail', () => json(200, { data: {} }));
    renderResend(0, '');
    expect(screen.queryByTestId('done-resend')).toBeNull();
  });
});
