import { type FormEvent, useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useTranslation } from 'react-i18next';
import { type Vm, type VmDelete, notEmpty } from '@portal/shared';
import { OutlinedField } from '../../components/form/outlined-field';
import { FormDialog } from '../../components/resource-kit/form-dialog';
import { isApiError } from '../../lib/api/api-error';
import { toI18nKey } from '../../lib/i18n/message-key';
import type { ActionDialogProps } from '../../lib/resource-kit/definition';

/**
 * Deleting VMs cannot be undone: the login password confirms it (the server checks it), and the
 * user chooses whether the data disks go too or stay as free disks.
 */
export function VmDeleteDialog({ rows, onSubmit, onCancel }: ActionDialogProps<Vm, VmDelete>) {
  const { t } = useTranslation(['vm', 'common', 'validation', 'apiError']);
  const [password, setPassword] = useState('');
  const [withDisks, setWithDisks] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const one = rows.length === 1 ? rows[0] : undefined;
  const disks = rows.reduce((n, vm) => n + vm.dataDiskCount, 0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = notEmpty(password);
    if (check !== true) return setError(check);
    setSending(true);
    try {
      await onSubmit({ currentPassword: password, deleteDataDisks: withDisks });
    } catch (e) {
      setPassword('');
      if (isApiError(e) && e.msg === 'INCORRECT_PASSWORD') setError('apiError.INCORRECT_PASSWORD');
    } finally {
      setSending(false);
    }
  };

  return (
    <FormDialog
      title={t('dialogs.delete.title', {
        name: one ? one.name : t('resource:bulk.names', { count: rows.length }),
      })}
      submitLabel={t('actions.delete')}
      onSubmit={(e) => void submit(e)}
      onCancel={onCancel}
      disabled={sending}
      destructive
      fullWidth={false}
      testId="vm-delete-dialog"
      submitTestId="vm-delete-submit"
    >
      <DialogContentText sx={{ mb: 2 }}>{t('dialogs.delete.body', { count: rows.length })}</DialogContentText>
      <OutlinedField
        type="password"
        name="currentPassword"
        autoComplete="current-password"
        label={t('common:passwordConfirm.label')}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={error !== null}
        helperText={error ? t(toI18nKey(error)) : ' '}
        autoFocus
        htmlInput={{ 'data-testid': 'vm-delete-password' }}
      />
      {/* With no data volume there is nothing to choose. */}
      {disks > 0 && (
        <FormControlLabel
          control={
            <Checkbox
              checked={withDisks}
              onChange={(_, checked) => setWithDisks(checked)}
              slotProps={{ input: { 'data-testid': 'vm-delete-disks' } as object }}
            />
          }
          label={t('dialogs.delete.dataDisks', { count: disks })}
        />
      )}
    </FormDialog>
  );
}
