import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast, sweepToasts, toast, toastStore } from '../../lib/toast/toast-store';
import { Toasts } from './toasts';

beforeEach(() => {
  toastStore.set([]);
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('toasts', () => {
  it('expire after 5 seconds, removed by the sweep', () => {
    const start = Date.now();
    showToast('info', 'common.loading');
    sweepToasts(start + 4999);
    expect(toastStore.get()).toHaveLength(1);
    sweepToasts(start + 5000);
    expect(toastStore.get()).toHaveLength(0);
  });

  it('show translated, stacked, and go after 5 s or when closed', async () => {
    render(<Toasts />);
    act(() => {
      toast.error('apiError.LOGIN_ERROR');
      toast.success('login.twoFactor.resent', { email: 'a***@example.com' });
    });
    expect(screen.getByText('The account or password is incorrect.')).toBeTruthy();
    expect(screen.getByText('A new code was sent to a***@example.com.')).toBeTruthy();

    fireEvent.click(screen.getAllByRole('button', { name: /close/i })[0]!);
    expect(toastStore.get().map((t) => t.message)).toEqual(['login.twoFactor.resent']);

    // The sweep runs every second: the toast is gone within a second of its 5 s lifetime.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6000);
    });
    expect(toastStore.get()).toEqual([]);
  });

  it('fall back to the unexpected-error message for a code without its own', () => {
    render(<Toasts />);
    act(() => {
      showToast('error', 'apiError.NOT_A_CODE', undefined, 'apiError.unexpectedServerError');
    });
    expect(screen.getByText('The server hit an unexpected error. Please try again later.')).toBeTruthy();
  });
});
