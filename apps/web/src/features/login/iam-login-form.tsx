import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  CLIENT_NUMBER_LENGTH,
  all,
  type iamLoginSchema,
  isClientNumber,
  isIamAccount,
  notEmpty,
} from '@portal/shared';
import { FormPasswordField } from '../../components/form/form-password-field';
import { FormTextField } from '../../components/form/form-text-field';
import { fieldProps } from '../../components/form/field-props';
import { LoginFrame } from './login-frame';

type IamLogin = z.infer<typeof iamLoginSchema>;

const ROOT_RULE = all(notEmpty, isClientNumber);
const IAM_ACCOUNT_RULE = all(notEmpty, isIamAccount);

/** IAM user: the 11-digit account ID (client number), the IAM account alias and the password. */
export function IamLoginForm({ onSubmit, busy }: { onSubmit: (values: IamLogin) => void; busy: boolean }) {
  const { t } = useTranslation('login');
  const { control, handleSubmit } = useForm<IamLogin>({
    defaultValues: { root: '', iamAccount: '', password: '' },
  });
  const field = fieldProps(control, t);
  return (
    <LoginFrame kind="iam" onSubmit={handleSubmit(onSubmit)} busy={busy}>
      <FormTextField
        {...field('root')}
        rule={ROOT_RULE}
        helperText={t('hints.root', { length: CLIENT_NUMBER_LENGTH })}
        autoComplete="organization"
        htmlInput={{ inputMode: 'numeric', maxLength: CLIENT_NUMBER_LENGTH }}
        autoFocus
      />
      <FormTextField {...field('iamAccount')} rule={IAM_ACCOUNT_RULE} autoComplete="username" />
      <FormPasswordField {...field('password')} rule={notEmpty} />
    </LoginFrame>
  );
}
