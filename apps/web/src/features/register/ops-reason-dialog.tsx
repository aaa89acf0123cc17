import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

export interface OpsReasonDialogProps {
  open: boolean;
  title: string;
  /** A sentence above the field (what the action does), if any. */
  text?: string;
  label: string;
  confirmLabel: string;
  /** At most this many characters (the server's limit). */
  maxLength: number;
  /** Prefix of the test ids: `<prefix>-reason` and `<prefix>-confirm`. */
  testId: string;
  onCancel: () => void;
  /** The reason typed, trimmed; never empty. */
  onConfirm: (reason: string) => void;
}

/** A staff decision that needs a written reason (deny an application, suspend a customer). */
export function OpsReasonDialog(props: OpsReasonDialogProps) {
  const { open, title, text, label, confirmLabel, maxLength, testId, onCancel, onConfirm } = props;
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  useEffect(() => {
    if (open) setReason('');
  }, [open]);
  const trimmed = reason.trim();

  return (
    <Dialog open={open} onClose={onCancel} fullWidth maxWidth="sm">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {text && <DialogContentText>{text}</DialogContentText>}
        <TextField
          label={label}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          multiline
          minRows={3}
          fullWidth
          autoFocus
          sx={{ mt: 1 }}
          slotProps={{ htmlInput: { maxLength, 'data-testid': `${testId}-reason` } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('common:actions.cancel')}</Button>
        <Button
          color="error"
          variant="contained"
          disabled={trimmed === ''}
          onClick={() => onConfirm(trimmed)}
          data-testid={`${testId}-confirm`}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
