import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { type Bucket, type ObjectEntry, publicObjectUrl } from '@portal/shared';
import { ViewDialog } from '../../../components/dialogs/view-dialog';
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
    <ViewDialog title={t('url.title', { name: entry.name })} onClose={onClose} testId="object-url-dialog">
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
    </ViewDialog>
  );
}
