import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { opsLoginSchema } from '@portal/shared';
import { FlowCard } from '../../components/flow-card';
import { FormPasswordField } from '../../components/form/form-password-field';
import { FormEmailField } from '../../components/form/form-text-field';
import { SignInForm } from '../../components/form/sign-in-form';
import { fieldProps } from '../../components/form/field-props';
import { opsApi, opsToken } from './ops-api';

type Body = z.infer<typeof opsLoginSchema>;

/** /ops/login: staff sign-in of the operations console (not a customer account). */
export default function OpsLoginPage() {
  const { t } = useTranslation('ops');
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const { control, handleSubmit } = useForm<Body>({
    resolver: zodResolver(opsLoginSchema),
    defaultValues: { email: '', password: '' },
  });
  const submit = async (body: Body) => {
    setBusy(true);
    try {
      const { token } = await opsApi.login(body.email, body.password);
      opsToken.set(token);
      navigate('/ops/applications', { replace: true });
    } catch {
      // Toasted.
    } finally {
      setBusy(false);
    }
  };
  const field = fieldProps(control, t);
  return (
    <FlowCard title={t('login.title')} lead={t('login.lead')} testId="ops-login-page">
      <SignInForm
        onSubmit={handleSubmit(submit)}
        busy={busy}
        submitLabel={t('login.submit')}
        submitTestId="ops-login-submit"
      >
        <FormEmailField {...field('email', t('login.email'))} autoComplete="username" autoFocus />
        <FormPasswordField {...field('password', t('login.password'))} />
      </SignInForm>
    </FlowCard>
  );
}
