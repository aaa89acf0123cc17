import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PasswordConfirmDialog } from './password-confirm-dialog';

describe('<PasswordConfirmDialog>', () => {
  it('hands the entered login password to the caller', () => {
    const onConfirm = vi.fn();
    render(
      <PasswordConfirmDialog
        open
        title="Delete volume"
        body="This cannot be undone."
        onConfirm={onConfirm}
        onCancel={vi.fn()}
      />,
    );
    fireEvent.change(screen.getByTestId('password-confirm-input'), {
      target: { value: 'My-Password-2026!' },
    });
    fireEvent.click(screen.getByTestId('password-confirm-submit'));
    expect(onConfirm).toHaveBeenCalledWith('My-Password-2026!');
  });

  it('asks again when the password is empty, and cancels without one', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <PasswordConfirmDialog
        open
        title="Empty bucket"
        body="All objects go."
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    fireEvent.click(screen.getByTestId('password-confirm-submit'));
    expect(screen.getByText('This field cannot be empty.')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });
});
