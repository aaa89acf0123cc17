import type { FormEvent, ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

/** The frame of an action's dialog: a title, the form's content, cancel and submit. */
export function FormDialog({
  title,
  children,
  submitLabel,
  onSubmit,
  onCancel,
  disabled = false,
  destructive = false,
  maxWidth = 'sm',
  testId,
}: {
  title: ReactNode;
  children: ReactNode;
  submitLabel: ReactNode;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  disabled?: boolean;
  destructive?: boolean;
  maxWidth?: 'xs' | 'sm' | 'md';
  testId: string;
}) {
  const { t } = useTranslation('common');
  const titleId = `${testId}-title`;
  return (
    <Dialog
      open
      onClose={onCancel}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onCancel} color="secondary">
            {t('actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={destructive ? 'error' : 'primary'}
            disabled={disabled}
            data-testid={`${testId}-submit`}
          >
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
