import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { type Bucket, type ObjectEntry, publicObjectUrl } from '@portal/shared';
import { CopyText } from './copy-text';

/** A public bucket's file at its address anyone may read; a private bucket says why none. */
export function ObjectUrlDialog({
  bucket,
  entry,
  onClose,
}: {
  bucket: Bucket;
  entry: ObjectEntry;
  onClose: () => void;
}) {
  const { t } = useTranslation(['bucketObjects', 'common']);
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="object-url-title"
      data-testid="object-url-dialog"
    >
      <DialogTitle id="object-url-title">{t('url.title', { name: entry.name })}</DialogTitle>
      <DialogContent>
        {bucket.isPublic ? (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {t('url.public')}
            </Typography>
            <CopyText text={publicObjectUrl(bucket, entry.key)} testId="object-url" />
          </>
        ) : (
          <Alert severity="info" data-testid="object-url-private">
            {t('url.private')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="secondary">
          {t('actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
