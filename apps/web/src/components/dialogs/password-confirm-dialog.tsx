import { type FormEvent, type ReactNode, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { notEmpty } from '@portal/shared';
import { toI18nKey } from '../../lib/i18n/message-key';

export interface PasswordConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  body: ReactNode;
  confirmLabel?: ReactNode;
  /** Receives the login password; the server checks it (INCORRECT_PASSWORD), not this dialog. */
  onConfirm: (password: string) => void;
  onCancel: () => void;
}

/**
 * Asks for the login password before a destructive action (cancel or convert an order, delete a
 * volume, empty or delete a bucket) and hands it to the caller, who sends it with the request.
 */
export function PasswordConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  onConfirm,
  onCancel,
}: PasswordConfirmDialogProps) {
  const { t } = useTranslation(['common', 'validation']);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setPassword('');
    setError(null);
    onCancel();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = notEmpty(password);
    if (result !== true) {
      setError(result);
      return;
    }
    const entered = password;
    setPassword('');
    setError(null);
    onConfirm(entered);
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby="password-confirm-title"
      data-testid="password-confirm-dialog"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="password-confirm-title">{title}</DialogTitle>
        <DialogContent>
          {typeof body === 'string' ? <DialogContentText sx={{ mb: 2 }}>{body}</DialogContentText> : body}
          <TextField
            type="password"
            name="password"
            autoComplete="current-password"
            label={t('passwordConfirm.label')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={error !== null}
            helperText={error ? t(toI18nKey(error)) : ' '}
            autoFocus
            slotProps={{ htmlInput: { 'data-testid': 'password-confirm-input' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} color="secondary">
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" data-testid="password-confirm-submit">
            {confirmLabel ?? t('actions.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
