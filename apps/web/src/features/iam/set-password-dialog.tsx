import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type IamPassword, type IamUser, iamPasswordSchema } from '@portal/shared';
import { FormNewPasswordField, FormPasswordField } from '../../components/form/form-password-field';
import { FormDialog } from '../../components/resource-kit/form-dialog';
import { isApiError } from '../../lib/api/api-error';
import { reportApiError } from '../../lib/api/report-api-error';
import type { ActionDialogProps } from '../../lib/resource-kit/definition';
import { fieldProps } from '../../components/form/field-props';

const schema = iamPasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'console.pageUpsertIAM.confirmPasswordNotMatch',
  });
type Values = z.input<typeof schema>;
const EMPTY: Values = { password: '', confirmPassword: '', currentPassword: '' };

/**
 * A new password for an IAM user, confirmed with the caller's own sign-in password: the action's
 * dialog, so the kit's runner sends it and says it is done; a wrong password shows on its field.
 */
export function SetPasswordDialog({ rows, onSubmit, onCancel }: ActionDialogProps<IamUser, IamPassword>) {
  const { t } = useTranslation('iam');
  const user = rows[0];
  const { control, handleSubmit, setError, formState } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
  });
  const submit = ({ password, currentPassword }: Values) =>
    onSubmit({ password, currentPassword }).catch((error: unknown) => {
      if (isApiError(error) && error.msg === 'INCORRECT_PASSWORD') {
        setError('currentPassword', { message: 'apiError.INCORRECT_PASSWORD' });
      } else if (isApiError(error) && error.msg === 'PASSWORD_AGAINST_RULES') {
        setError('password', { message: 'apiError.PASSWORD_AGAINST_RULES' });
      } else if (isApiError(error)) reportApiError(error);
    });

  const field = fieldProps(control, t);
  return (
    <FormDialog
      title={t('dialogs.password.title', { name: user?.account ?? '' })}
      submitLabel={t('actions.setPassword')}
      onSubmit={handleSubmit(submit)}
      onCancel={onCancel}
      disabled={formState.isSubmitting}
      fullWidth={false}
      testId="set-password-dialog"
      submitTestId="set-password-submit"
    >
      <DialogContentText sx={{ mb: 2 }}>{t('dialogs.password.body')}</DialogContentText>
      <Stack spacing={1}>
        <FormNewPasswordField {...field('password', t('fields.newPassword'))} />
        <FormNewPasswordField confirm {...field('confirmPassword')} />
        <FormPasswordField
          {...field('currentPassword', t('fields.yourPassword'))}
          autoComplete="current-password"
        />
      </Stack>
    </FormDialog>
  );
}
