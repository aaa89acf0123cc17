import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type AccountForm,
  type ClientInfo,
  type ClientInfoUpdate,
  accountFormSchema,
  isPassword,
} from '@portal/shared';
import { applyServerErrors } from '../../components/form/apply-server-errors';
import { FormNewPasswordField, FormPasswordField } from '../../components/form/form-password-field';
import { FormSwitchField } from '../../components/form/form-switch-field';
import { FormEmailField } from '../../components/form/form-text-field';
import { isApiError } from '../../lib/api/api-error';
import { toast } from '../../lib/toast/toast-store';
import { fieldProps } from '../../components/form/field-props';
import { useUpdateClientInfo } from './my-info-api';

const formValues = (info: ClientInfo): AccountForm => ({
  isRoot: info.isRoot,
  twoFa: info.twoFa ? 'Y' : 'N',
  email: info.email,
  pass0: '',
  pass1: '',
  pass2: '',
});

/** The body of PATCH /client/info: root users never send an email (it is their account). */
function toUpdate(values: AccountForm): ClientInfoUpdate {
  return {
    twoFa: values.twoFa === 'Y',
    ...(values.pass0 ? { pass0: values.pass0, pass1: values.pass1 } : {}),
    ...(values.isRoot ? {} : { email: values.email || undefined }),
  };
}

/** Two-factor switch, email (IAM users) and password change, checked by the shared account rules. */
export function AccountSettingsForm({ info }: { info: ClientInfo }) {
  const { t } = useTranslation('myInfo');
  const update = useUpdateClientInfo();
  const { control, handleSubmit, reset, setError } = useForm<AccountForm>({
    resolver: zodResolver(accountFormSchema),
    defaultValues: formValues(info),
  });

  const submit = (values: AccountForm) =>
    update.mutate(toUpdate(values), {
      onSuccess: (saved) => {
        reset(formValues(saved));
        toast.success('myInfo.saved');
      },
      onError: (error) => {
        if (!isApiError(error)) return;
        if (error.msg === 'INCORRECT_PASSWORD')
          setError('pass0', { message: 'myInfo.errors.incorrectPassword' });
        else if (error.msg === 'NOT_HAVE_EMAIL') setError('email', { message: 'myInfo.errors.emailNeeded' });
        else applyServerErrors(error, setError, ['email', 'pass0', 'pass1']);
      },
    });

  const field = fieldProps(control, t);
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(submit)} data-testid="my-info-form">
      <Typography variant="h6" component="h2">
        {t('sections.security')}
      </Typography>
      <FormSwitchField {...field('twoFa')} on="Y" off="N" />
      <Typography variant="body2" color="text.secondary">
        {t('hints.twoFa')}
      </Typography>
      {!info.isRoot && (
        <FormEmailField {...field('email')} helperText={t('hints.email')} autoComplete="email" />
      )}
      <Divider />
      <Typography variant="h6" component="h2">
        {t('sections.password')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('hints.password', isPassword.values)}
      </Typography>
      <FormPasswordField {...field('pass0')} rule={isPassword} autoComplete="current-password" />
      <FormNewPasswordField {...field('pass1')} />
      <FormNewPasswordField confirm {...field('pass2')} />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={() => reset(formValues(info))} color="secondary" disabled={update.isPending}>
          {t('actions.reset')}
        </Button>
        <Button type="submit" variant="contained" disabled={update.isPending} data-testid="my-info-save">
          {t('actions.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
