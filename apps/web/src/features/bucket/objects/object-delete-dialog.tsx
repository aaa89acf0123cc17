import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ObjectEntry } from '@portal/shared';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { toast } from '../../../lib/toast/toast-store';
import { deleteObjects } from './objects-api';

/** Names listed in the confirmation before "and N more". */
const LISTED = 5;

/** Confirms deleting files and folders (a folder with everything in it). */
export function ObjectDeleteDialog({
  bucket,
  entries,
  onClose,
  onDone,
}: {
  bucket: string;
  entries: ObjectEntry[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('bucketObjects');
  const remove = useMutation({
    mutationFn: () =>
      deleteObjects(
        bucket,
        entries.map((e) => e.key),
      ),
    onSuccess: (answer) => {
      toast.success('bucketObjects:toasts.deleted', { count: answer?.count ?? entries.length });
      onDone();
      onClose();
    },
    // The api client has shown why; the rows stay as they were.
    onError: () => onClose(),
  });
  const folders = entries.filter((e) => e.type === 'folder').length;
  return (
    <ConfirmDialog
      open
      destructive
      title={t('delete.title', { count: entries.length })}
      confirmLabel={t('delete.submit')}
      onCancel={onClose}
      onConfirm={() => {
        if (!remove.isPending) remove.mutate();
      }}
      body={
        <Box data-testid="object-delete-body">
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('delete.body', { count: entries.length })}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3, wordBreak: 'break-all' }}>
            {entries.slice(0, LISTED).map((e) => (
              <li key={e.key}>
                <Typography variant="body2">{e.type === 'folder' ? `${e.name}/` : e.name}</Typography>
              </li>
            ))}
          </Box>
          {entries.length > LISTED && (
            <Typography variant="body2" color="text.secondary">
              {t('delete.more', { count: entries.length - LISTED })}
            </Typography>
          )}
          {folders > 0 && (
            <Alert severity="warning" sx={{ mt: 2 }} data-testid="object-delete-folders">
              {t('delete.folders', { count: folders })}
            </Alert>
          )}
        </Box>
      }
    />
  );
}
