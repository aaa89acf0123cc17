import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';

/**
 * A secret the portal shows this once (an API key, a bucket key): the warning that it will not be
 * shown again, what the caller puts under it, and a button that closes it. Only that button does,
 * so a click beside the dialog does not lose the secret. Test ids from `testId`: `<testId>-dialog`,
 * `<testId>-once` (the warning) and `<testId>-done`.
 */
export function SecretOnceDialog({
  testId,
  title,
  warning,
  doneLabel,
  onClose,
  children,
}: {
  testId: string;
  title: ReactNode;
  warning: ReactNode;
  doneLabel: ReactNode;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = `${testId}-title`;
  return (
    <Dialog open fullWidth maxWidth="md" aria-labelledby={titleId} data-testid={`${testId}-dialog`}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }} data-testid={`${testId}-once`}>
          {warning}
        </Alert>
        {children}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} data-testid={`${testId}-done`}>
          {doneLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
