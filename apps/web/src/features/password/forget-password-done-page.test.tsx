import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ONE_REQUEST_PER_MS } from '@portal/shared';
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
import ForgetPasswordDonePage from './forget-password-done-page';

afterEach(resetAfterMail);

describe('the password-recovery mail’s Send again', () => {
  it('counts down the one request a day from the first, then asks again', async () => {
    const sent = mailApi('/api/password/forget', () => json(200, { data: { email: EMAIL } }));
    renderAfterMail(<ForgetPasswordDonePage />, `/forgetPasswordDone?email=${EMAIL}`, Date.now());
    expect(resendButton('forget-password-done').textContent).toBe('Send again in 24:00:00');
    expect(resendButton('forget-password-done').disabled).toBe(true);
    later(ONE_REQUEST_PER_MS);
    await waitFor(() => expect(resendButton('forget-password-done').disabled).toBe(false), {
      timeout: 3000,
    });
    await sendAgainWithCaptcha('forget-password-done');
    await waitFor(() => expect(sent).toEqual([{ email: EMAIL, captcha: 'ab3de', captchaId: 'c-1' }]));
    await waitFor(() =>
      expect(resendButton('forget-password-done').textContent).toBe('Send again in 24:00:00'),
    );
  });

  it('counts the day again on PASSWORD_RESET_REPEAT', async () => {
    mailApi('/api/password/forget', () => json(400, { msg: 'PASSWORD_RESET_REPEAT' }));
    renderAfterMail(
      <ForgetPasswordDonePage />,
      `/forgetPasswordDone?email=${EMAIL}`,
      Date.now() - ONE_REQUEST_PER_MS,
    );
    await waitFor(() => expect(resendButton('forget-password-done').disabled).toBe(false));
    await sendAgainWithCaptcha('forget-password-done');
    await waitFor(() =>
      expect(resendButton('forget-password-done').textContent).toBe('Send again in 24:00:00'),
    );
  });
});
