import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import type { DestructiveBody, Snapshot } from '@portal/shared';
import { PasswordConfirmDialog } from '../../components/dialogs/password-confirm-dialog';
import type { ActionDialogProps } from '../../lib/resource-kit/definition';
import { formatDateTime } from '../../lib/format/date-time';

/**
 * Restore asks plainly: the VM's disks are overwritten with the snapshot's data, and what was
 * written since is lost. The login password confirms it (the server checks it).
 */
export function SnapshotRestoreDialog({
  rows,
  onSubmit,
  onCancel,
}: ActionDialogProps<Snapshot, DestructiveBody>) {
  const { t, i18n } = useTranslation('snapshot');
  const snapshot = rows[0]!;
  const values = {
    name: snapshot.name,
    vm: snapshot.vmName,
    date: formatDateTime(snapshot.createDate, i18n.language),
    count: snapshot.diskQty,
  };
  return (
    <PasswordConfirmDialog
      open
      title={t('dialogs.restore.title', values)}
      body={
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="snapshot-restore-warning">
          {t('dialogs.restore.body', values)}
        </Alert>
      }
      confirmLabel={t('actions.restore')}
      onConfirm={(currentPassword) => void onSubmit({ currentPassword }).catch(() => undefined)}
      onCancel={onCancel}
    />
  );
}
