import type { ChangeEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import UploadFile from '@mui/icons-material/UploadFile';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Control, Controller, type FieldPath, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type PublicCloudCredentialCreate,
  PUBLIC_CLOUD_FIELDS,
  PublicCloudType,
  publicCloudCredentialFormSchema,
} from '@portal/shared';
import { FormPasswordField } from '../../components/form/form-password-field';
import { FormTextField } from '../../components/form/form-text-field';
import { applyServerErrors } from '../../components/form/apply-server-errors';
import { useFieldMessage } from '../../components/form/use-field-message';
import type { HtmlInputProps } from '../../components/form/outlined-field';
import { FormDialog } from '../../components/resource-kit/form-dialog';
import { toast } from '../../lib/toast/toast-store';
import { useAddCredential } from './credential-api';

/** The key file is small; anything far larger is not a service account key. */
const KEY_FILE_MAX_BYTES = 16_384;

/** A credential's field, named after its API field: required, never filled in by the browser. */
function CredentialField({
  control,
  name,
  secret = false,
  hint,
  ...rest
}: {
  control: Control<PublicCloudCredentialCreate>;
  name: FieldPath<PublicCloudCredentialCreate>;
  /** A secret: hidden as it is typed, with a show/hide switch. */
  secret?: boolean;
  hint?: string;
  autoFocus?: boolean;
  htmlInput?: HtmlInputProps;
}) {
  const { t } = useTranslation('exCloud');
  const Field = secret ? FormPasswordField : FormTextField;
  return (
    <Field
      control={control}
      name={name}
      label={t(`credentials.fields.${name}`)}
      required
      autoComplete="off"
      helperText={hint}
      {...rest}
    />
  );
}

/**
 * Add a provider's credential: AWS access key id and secret access key; a GCP service account's
 * JSON key (pasted or read from the file); an Azure application (id, password, directory and
 * subscription ids). The secret fields go to the server once and are never shown again.
 */
export function CredentialDialog({ type, onClose }: { type: PublicCloudType; onClose: () => void }) {
  const { t } = useTranslation(['exCloud', 'validation']);
  const message = useFieldMessage();
  const add = useAddCredential();
  const { control, handleSubmit, setError, setValue } = useForm<PublicCloudCredentialCreate>({
    resolver: zodResolver(
      publicCloudCredentialFormSchema,
    ) as unknown as Resolver<PublicCloudCredentialCreate>,
    defaultValues: Object.fromEntries([
      ['type', type],
      ...PUBLIC_CLOUD_FIELDS[type].map((field) => [field, '']),
    ]) as PublicCloudCredentialCreate,
  });
  const submit = (body: PublicCloudCredentialCreate) =>
    add.mutate(body, {
      onSuccess: () => {
        toast.success('exCloud.toasts.credentialAdded', { provider: t(`enums:publicCloudType.${type}`) });
        onClose();
      },
      onError: (error) => void applyServerErrors(error, setError, () => true),
    });
  const readKeyFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > KEY_FILE_MAX_BYTES) {
      setError('credentialsJson', { type: 'file', message: 'validation.publicCloud.gcpKey' });
      return;
    }
    setValue('credentialsJson', await file.text(), { shouldValidate: true });
  };

  return (
    <FormDialog
      title={t('credentials.dialogTitle', { provider: t(`enums:publicCloudType.${type}`) })}
      submitLabel={t('credentials.add')}
      onSubmit={handleSubmit(submit)}
      onCancel={onClose}
      disabled={add.isPending}
      testId="credential-dialog"
    >
      <Stack spacing={1} sx={{ pt: 1 }}>
        {type === PublicCloudType.AWS && (
          <>
            <CredentialField
              control={control}
              name="accessKeyId"
              hint={t('credentials.hints.accessKeyId')}
              autoFocus
              htmlInput={{ spellCheck: false }}
            />
            <CredentialField control={control} name="secretAccessKey" secret />
          </>
        )}
        {type === PublicCloudType.GCP && (
          <Controller
            control={control}
            name="credentialsJson"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                value={field.value ?? ''}
                label={t('credentials.fields.credentialsJson')}
                required
                multiline
                minRows={6}
                maxRows={12}
                autoFocus
                error={Boolean(fieldState.error)}
                helperText={message(fieldState.error) ?? t('credentials.hints.credentialsJson')}
                slotProps={{
                  htmlInput: {
                    'data-testid': 'field-credentialsJson',
                    spellCheck: false,
                    style: { fontFamily: 'monospace', fontSize: 12 },
                  },
                }}
              />
            )}
          />
        )}
        {type === PublicCloudType.GCP && (
          <Button
            component="label"
            variant="outlined"
            startIcon={<UploadFile />}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('credentials.chooseKeyFile')}
            <input type="file" accept="application/json,.json" hidden onChange={(e) => void readKeyFile(e)} />
          </Button>
        )}
        {type === PublicCloudType.AZURE && (
          <>
            <CredentialField
              control={control}
              name="applicationId"
              hint={t('credentials.hints.guid')}
              autoFocus
            />
            <CredentialField control={control} name="applicationPassword" secret />
            <CredentialField control={control} name="directoryId" hint={t('credentials.hints.guid')} />
            <CredentialField control={control} name="subscriptionId" hint={t('credentials.hints.guid')} />
          </>
        )}
      </Stack>
    </FormDialog>
  );
}
