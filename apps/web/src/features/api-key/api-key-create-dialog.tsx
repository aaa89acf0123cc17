import { useMemo, useState } from 'react';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { type ApiKeyCreated, grantableScope } from '@portal/shared';
import { FormNameField } from '../../components/form/form-text-field';
import { FormDialog } from '../../components/resource-kit/form-dialog';
import { useDialogForm } from '../../components/resource-kit/use-dialog-form';
import { usePermissions } from '../../lib/permissions/use-permissions';
import { createApiKey } from './api-key-api';
import { dayEnd, daysAfter, EXPIRY_PRESETS } from './api-key-expiry';
import { ApiKeyExpiryField } from './api-key-expiry-field';
import { type ApiKeyForm, apiKeyFormSchema, isFormField } from './api-key-form';
import { ApiKeyScopeField } from './api-key-scope-field';

/**
 * A new API key: its name, its end (a preset or a day, at most a year ahead) and what it may do
 * (everything the user may, or a subset of it). `onCreated` gets the key with its secret.
 */
export function ApiKeyCreateDialog({
  onCreated,
  onCancel,
}: {
  onCreated: (key: ApiKeyCreated) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('apiKey');
  const { authority } = usePermissions();
  const grantable = useMemo(() => grantableScope(authority), [authority]);
  const [today] = useState(() => new Date());
  const { control, onSubmit, formState } = useDialogForm<ApiKeyForm>({
    schema: apiKeyFormSchema,
    defaultValues: { name: '', expiresAt: dayEnd(daysAfter(today, EXPIRY_PRESETS[1])), scope: null },
    fields: isFormField,
    submit: async (body) => onCreated(await createApiKey(body)),
  });
  return (
    <FormDialog
      title={t('create.title')}
      submitLabel={t('create.submit')}
      onSubmit={onSubmit}
      onCancel={onCancel}
      disabled={formState.isSubmitting}
      testId="api-key-create-dialog"
    >
      <Stack spacing={1} sx={{ pt: 1 }}>
        <FormNameField control={control} name="name" label={t('create.name')} autoFocus />
        <ApiKeyExpiryField control={control} today={today} />
        <ApiKeyScopeField control={control} grantable={grantable} />
      </Stack>
    </FormDialog>
  );
}
