import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  type Bucket,
  type BucketCreate,
  bucketCreateSchema,
  bucketMonthlyEstimate,
  isBucketName,
} from '@portal/shared';
import { FormSwitchField } from '../../components/form/form-switch-field';
import { FormNameField } from '../../components/form/form-text-field';
import { PriceChange } from '../../components/price-change';
import { FormDialog } from '../../components/resource-kit/form-dialog';
import { useDialogForm } from '../../components/resource-kit/use-dialog-form';
import { api } from '../../lib/api/api-client';
import { usePriceCodes } from '../products';
import { isApiError } from '../../lib/api/api-error';
import { detailPath } from '../../lib/resource-kit/paths';
import { useResourceMutation } from '../../lib/resource-kit/resource-queries';
import { toast } from '../../lib/toast/toast-store';
import { fieldProps } from '../../components/form/field-props';
import { bucketBase } from './bucket-base';

/** Codes the server answers about the name itself: shown on the name field. */
const NAME_CODES = new Set(['BUCKET_ALREADY_EXISTS', 'ILLEGAL_BUCKET_NAME']);

/**
 * Create a bucket (spec: a dialog): the name checked with the shared rule as it is typed, and
 * whether anyone may read its objects; what it will cost (nothing fixed, its stored data by the
 * GB-month, from the one price list). On success the bucket's page opens.
 */
export function BucketCreateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['bucket', 'apiError']);
  const navigate = useNavigate();
  const create = useResourceMutation(bucketBase, (body: BucketCreate) => api.post<Bucket>('/buckets', body));
  const { control, onSubmit, setError } = useDialogForm<BucketCreate>({
    schema: bucketCreateSchema,
    defaultValues: { name: '', isPublic: false },
    mode: 'onChange',
    fields: ['name', 'isPublic'],
    submit: (body) =>
      create.mutateAsync(body).then((bucket) => {
        toast.success('bucket.toasts.created', { name: bucket.name });
        onClose();
        navigate(detailPath(bucketBase, bucket.name)!);
      }),
    onOtherError: (error) => {
      if (isApiError(error) && NAME_CODES.has(error.msg))
        setError('name', { type: 'server', message: `apiError.${error.msg}` });
    },
  });
  const isPublic = useWatch({ control, name: 'isPublic' });
  const prices = usePriceCodes();

  const field = fieldProps(control, t);
  return (
    <FormDialog
      title={t('dialogs.create.title')}
      submitLabel={t('actions.create')}
      onSubmit={onSubmit}
      onCancel={onClose}
      disabled={create.isPending}
      hint={t('dialogs.create.body')}
      testId="bucket-create-dialog"
    >
      <FormNameField
        {...field('name')}
        rule={isBucketName}
        autoFocus
        helperText={t('dialogs.create.nameHint')}
      />
      <FormSwitchField {...field('isPublic', t('permission.publicRead'))} on off={false} />
      <Alert severity={isPublic ? 'warning' : 'info'} sx={{ mt: 1 }} data-testid="bucket-create-public-note">
        {t(isPublic ? 'permission.publicMeans' : 'permission.privateMeans')}
      </Alert>
      <Box sx={{ mt: 2 }}>
        <PriceChange
          after={{
            title: t('dialogs.create.priceTitle'),
            estimate: prices.data && bucketMonthlyEstimate(prices.data),
            note: t('dialogs.create.priceNote'),
          }}
          testId="bucket-price"
        />
      </Box>
    </FormDialog>
  );
}
