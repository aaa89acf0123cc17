import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { type Bucket, publicObjectUrl } from '@portal/shared';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { usePermissions } from '../../lib/permissions/use-permissions';
import { useResourceMutation } from '../../lib/resource-kit/resource-queries';
import { toast } from '../../lib/toast/toast-store';
import { setBucketPublic } from './bucket-api';
import { bucketBase } from './bucket-base';
import { CopyableText } from '../../components/copy-button';

const EXAMPLE_KEY = 'photos/cat.jpg';

/**
 * Public read on or off, and plainly what it means: anyone with an object's URL can read every
 * object; nobody without a key can list the bucket or write to it. Making it public asks first.
 */
export function BucketPermissionTab({ bucket }: { bucket: Bucket }) {
  const { t } = useTranslation('bucket');
  const { can } = usePermissions();
  const [asking, setAsking] = useState(false);
  const change = useResourceMutation(bucketBase, (isPublic: boolean) =>
    setBucketPublic(bucket.name, { isPublic }),
  );
  const mayChange = can(bucketBase.authority.manage);

  const save = (isPublic: boolean) =>
    change.mutate(isPublic, {
      onSuccess: () =>
        toast.success(isPublic ? 'bucket.toasts.madePublic' : 'bucket.toasts.madePrivate', {
          name: bucket.name,
        }),
    });

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 760 }} data-testid="bucket-permission">
      <Typography variant="h6" component="h2">
        {t('permission.title')}
      </Typography>
      <FormControlLabel
        label={t('permission.publicRead')}
        disabled={!mayChange || change.isPending}
        control={
          <Switch
            checked={bucket.isPublic}
            onChange={(_, on) => (on ? setAsking(true) : save(false))}
            slotProps={{ input: { 'data-testid': 'bucket-public-switch' } as object }}
          />
        }
      />
      <Alert severity={bucket.isPublic ? 'warning' : 'info'} data-testid="bucket-permission-state">
        {t(bucket.isPublic ? 'permission.publicMeans' : 'permission.privateMeans')}
      </Alert>
      {bucket.isPublic && (
        <Box>
          <Typography variant="subtitle2">{t('permission.exampleUrl')}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {t('permission.exampleUrlHint', { key: EXAMPLE_KEY })}
          </Typography>
          <CopyableText
            text={publicObjectUrl(bucket, EXAMPLE_KEY)}
            label={t('permission.exampleUrl')}
            testId="bucket-example-url"
          />
        </Box>
      )}
      {!mayChange && <Alert severity="info">{t('resource:readOnly')}</Alert>}
      <ConfirmDialog
        open={asking}
        title={t('dialogs.makePublic.title', { name: bucket.name })}
        body={t('dialogs.makePublic.body')}
        confirmLabel={t('actions.makePublic')}
        destructive
        onConfirm={() => {
          setAsking(false);
          save(true);
        }}
        onCancel={() => setAsking(false)}
      />
    </Box>
  );
}
