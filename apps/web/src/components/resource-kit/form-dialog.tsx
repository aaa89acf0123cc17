import type { FormEvent, ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The frame of an action's dialog: a title, a line that explains it, the form's content, cancel and submit. */
export function FormDialog({
  title,
  hint,
  children,
  submitLabel,
  onSubmit,
  onCancel,
  disabled = false,
  destructive = false,
  maxWidth = 'sm',
  fullWidth = true,
  testId,
  submitTestId = `${testId}-submit`,
}: {
  title: ReactNode;
  hint?: ReactNode;
  children: ReactNode;
  submitLabel: ReactNode;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  disabled?: boolean;
  destructive?: boolean;
  maxWidth?: 'xs' | 'sm' | 'md';
  /** As wide as `maxWidth` allows (the default), or only as wide as its content. */
  fullWidth?: boolean;
  /** The dialog's test id; its submit button's is `<testId>-submit` unless `submitTestId` says otherwise. */
  testId: string;
  submitTestId?: string;
}) {
  const { t } = useTranslation('common');
  const titleId = `${testId}-title`;
  return (
    <Dialog
      open
      onClose={onCancel}
      fullWidth={fullWidth}
      maxWidth={maxWidth}
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {hint && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {hint}
            </Typography>
          )}
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} color="secondary">
            {t('actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={destructive ? 'error' : 'primary'}
            disabled={disabled}
            data-testid={submitTestId}
          >
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
