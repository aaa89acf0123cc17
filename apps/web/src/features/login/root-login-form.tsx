import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { all, isEmail, notEmpty, type rootLoginSchema } from '@portal/shared';
import { FormPasswordField } from '../../components/form/form-password-field';
import { FormTextField } from '../../components/form/form-text-field';
import { fieldProps } from '../../components/form/field-props';
import { LoginFrame } from './login-frame';

type RootLogin = z.infer<typeof rootLoginSchema>;

const ACCOUNT_RULE = all(notEmpty, isEmail);

/** Root user: the account email and the password. */
export function RootLoginForm({ onSubmit, busy }: { onSubmit: (values: RootLogin) => void; busy: boolean }) {
  const { t } = useTranslation('login');
  const { control, handleSubmit } = useForm<RootLogin>({
    defaultValues: { account: '', password: '' },
  });
  const field = fieldProps(control, t);
  return (
    <LoginFrame kind="root" onSubmit={handleSubmit(onSubmit)} busy={busy}>
      <FormTextField
        {...field('account')}
        rule={ACCOUNT_RULE}
        type="email"
        autoComplete="username"
        autoFocus
      />
      <FormPasswordField {...field('password')} rule={notEmpty} />
    </LoginFrame>
  );
}
