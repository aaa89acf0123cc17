import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isPassword, type NewPasswordBody, newPasswordSchema } from '@portal/shared';
import { FlowCard } from '../../components/flow-card';
import { FormNewPasswordField } from '../../components/form/form-password-field';
import { PageSpinner } from '../../components/page-spinner';
import { isApiError } from '../../lib/api/api-error';
import { fieldProps } from '../../components/form/field-props';
import { type LinkKind, passwordApi } from './password-api';

/** A new password and its confirmation, from a mailed link that works once. */
export function NewPasswordPage({ kind }: { kind: LinkKind }) {
  const { t } = useTranslation(['password', 'apiError', 'validation']);
  const { guid = '' } = useParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { control, handleSubmit } = useForm<NewPasswordBody>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirm: '' },
  });

  useEffect(() => {
    passwordApi.check(kind, guid).then(
      (r) => setEmail(r.email),
      (e: unknown) => setError(isApiError(e) && e.msg ? e.msg : 'unexpectedServerError'),
    );
  }, [kind, guid]);

  const title = t(`${kind}.title`);
  if (error)
    return (
      <FlowCard title={title} testId={`${kind}-password-page`}>
        <Alert severity="warning" sx={{ mb: 3 }} data-testid="password-link-error">
          {t(`apiError:${error}`)}
        </Alert>
        <Button
          component={RouterLink}
          to={kind === 'reset' ? '/forgetPassword' : '/registerQuery'}
          variant="contained"
        >
          {t(`${kind}.again`)}
        </Button>
      </FlowCard>
    );
  if (email === null) return <PageSpinner />;

  const submit = async (body: NewPasswordBody) => {
    setBusy(true);
    try {
      await passwordApi.save(kind, guid, body);
      navigate(kind === 'reset' ? '/resetPasswordDone' : '/setPasswordDone', { replace: true });
    } catch {
      // Toasted by the api client.
    } finally {
      setBusy(false);
    }
  };

  const field = fieldProps(control, t);
  return (
    <FlowCard title={title} lead={t(`${kind}.lead`, { email })} testId={`${kind}-password-page`}>
      <Stack component="form" spacing={1} noValidate onSubmit={handleSubmit(submit)}>
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <FormNewPasswordField
          {...field('password')}
          helperText={t('validation:needBePassword', isPassword.values)}
          autoFocus
        />
        <FormNewPasswordField confirm {...field('confirm')} />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={busy}
          data-testid="new-password-submit"
        >
          {t(`${kind}.submit`)}
        </Button>
      </Stack>
    </FlowCard>
  );
}
