import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OutlinedField } from './outlined-field';

const field = (props: Partial<Parameters<typeof OutlinedField>[0]> = {}) => (
  <OutlinedField name="account" value="" onChange={() => undefined} label="Email" {...props} />
);

describe('OutlinedField', () => {
  it('labels its input and ties the helper text to it', () => {
    render(field({ helperText: 'Your sign-in email', required: true }));
    const input = screen.getByRole('textbox', { name: /Email/ });
    const helper = screen.getByText('Your sign-in email');
    expect(input.getAttribute('aria-describedby')).toBe(helper.id);
    expect(input.hasAttribute('required')).toBe(true);
  });

  it('takes the focus on mounting when asked to', () => {
    render(field({ autoFocus: true }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Email' }));
  });

  it('passes attributes to the input element itself', () => {
    render(field({ htmlInput: { inputMode: 'numeric', maxLength: 6, 'data-testid': 'field-code' } }));
    const input = screen.getByTestId('field-code');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('maxlength')).toBe('6');
  });
});
