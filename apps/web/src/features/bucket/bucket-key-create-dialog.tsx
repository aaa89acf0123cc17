import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type Bucket,
  type BucketKeyCreate,
  type BucketKeyCreated,
  bucketKeyCreateSchema,
} from '@portal/shared';
import { FormNameField } from '../../components/form/form-text-field';
import { FormDialog } from '../../components/resource-kit/form-dialog';
import { useDialogForm } from '../../components/resource-kit/use-dialog-form';
import { fieldProps } from '../../components/form/field-props';

/**
 * A new API secret key: its name and what it reaches (this bucket, or every bucket of the
 * customer). `onCreate` answers the new key with its secret, which the caller shows once.
 */
export function BucketKeyCreateDialog({
  bucket,
  onCreate,
  onCancel,
}: {
  bucket: Bucket;
  onCreate: (body: BucketKeyCreate) => Promise<BucketKeyCreated>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('bucket');
  const { control, onSubmit, formState } = useDialogForm<BucketKeyCreate>({
    schema: bucketKeyCreateSchema,
    defaultValues: { name: '', bucketName: bucket.name },
    fields: ['name', 'bucketName'],
    submit: onCreate,
  });
  const field = fieldProps(control, t);
  return (
    <FormDialog
      title={t('keys.createTitle')}
      submitLabel={t('keys.create')}
      onSubmit={onSubmit}
      onCancel={onCancel}
      disabled={formState.isSubmitting}
      hint={t('keys.createHint')}
      testId="bucket-key-create-dialog"
    >
      <FormNameField {...field('name', t('keys.name'))} autoFocus />
      <FormLabel id="bucket-key-scope" sx={{ typography: 'body2' }}>
        {t('keys.scope')}
      </FormLabel>
      <Controller
        control={control}
        name="bucketName"
        render={({ field }) => (
          <RadioGroup
            aria-labelledby="bucket-key-scope"
            value={field.value === null ? 'all' : 'bucket'}
            onChange={(_, value) => field.onChange(value === 'all' ? null : bucket.name)}
          >
            <FormControlLabel
              value="bucket"
              control={<Radio data-testid="bucket-key-scope-bucket" />}
              label={t('keys.scopeBucket', { name: bucket.name })}
            />
            <FormControlLabel
              value="all"
              control={<Radio data-testid="bucket-key-scope-all" />}
              label={t('keys.scopeAll')}
            />
          </RadioGroup>
        )}
      />
    </FormDialog>
  );
}
