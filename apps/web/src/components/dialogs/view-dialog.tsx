import { type ReactNode, useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

/** A dialog that only shows something (an address, a history): its title, what it shows, Close. */
export function ViewDialog({
  open = true,
  title,
  onClose,
  testId,
  children,
}: {
  open?: boolean;
  title: ReactNode;
  onClose: () => void;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="secondary">
          {t('actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
