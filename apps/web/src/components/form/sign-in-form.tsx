import type { FormEventHandler, ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';

/** A sign-in's fields stacked, its one large button last (disabled while `busy`). */
export function SignInForm({
  onSubmit,
  busy,
  submitLabel,
  submitTestId,
  testId,
  children,
}: {
  onSubmit: FormEventHandler;
  busy: boolean;
  submitLabel: ReactNode;
  submitTestId: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Stack component="form" spacing={1} noValidate onSubmit={onSubmit} data-testid={testId}>
      {children}
      <Button type="submit" variant="contained" size="large" disabled={busy} data-testid={submitTestId}>
        {submitLabel}
      </Button>
    </Stack>
  );
}
