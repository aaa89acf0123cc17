import type { ReactNode } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { toastStore } from '../lib/toast/toast-store';
import { json } from './http';
import { fakeApi } from './resource-kit';

/** Helpers for the pages that say a mail is on its way and offer to send it again (MailResend). */

export const EMAIL = 'owner@example.com';
export const CAPTCHA = { id: 'c-1', svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' };

/** The API, signed out: a captcha, and the mail call at `path` answered by `answer`; what it was sent is kept. */
export function mailApi(path: string, answer: () => Response) {
  const sent: unknown[] = [];
  fakeApi(false, (url, init) => {
    if (url.pathname === '/api/captcha') return json(200, { data: CAPTCHA });
    if (url.pathname !== path || init.method !== 'POST') return undefined;
    sent.push(JSON.parse(String(init.body)));
    return answer();
  });
  return sent;
}

/** A page at `path`, with the history state its form leaves (when the first mail was sent). */
export function renderAfterMail(ui: ReactNode, path: string, mailSentAt?: number) {
  const [pathname, search = ''] = path.split('?');
  return render(
    <MemoryRouter initialEntries={[{ pathname, search: `?${search}`, state: mailSentAt && { mailSentAt } }]}>
      {ui}
    </MemoryRouter>,
  );
}

export const resendButton = (testId: string) => screen.getByTestId(`${testId}-resend`) as HTMLButtonElement;

/** After each test: the real clock, the real fetch, no toasts. */
export function resetAfterMail() {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  toastStore.set([]);
}

/** Moves the clock (Date only: the countdown's one-second ticks stay real). */
export function later(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + ms);
}

/** Opens Send again, types the captcha and sends. */
export async function sendAgainWithCaptcha(testId: string) {
  fireEvent.click(resendButton(testId));
  const dialog = await screen.findByTestId(`${testId}-resend-dialog`);
  await screen.findByTestId('captcha-image');
  fireEvent.change(dialog.querySelector('input[name="captcha"]')!, { target: { value: 'ab3de' } });
  fireEvent.click(screen.getByTestId('email-captcha-submit'));
  return dialog;
}
