import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SignInForm } from '../../components/form/sign-in-form';

/** A customer's sign-in form (`login-form-<kind>`): its fields, then "Sign in" (`login-submit`). */
export function LoginFrame({
  kind,
  onSubmit,
  busy,
  children,
}: {
  kind: 'root' | 'iam';
  onSubmit: FormEventHandler;
  busy: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('login');
  return (
    <SignInForm
      onSubmit={onSubmit}
      busy={busy}
      submitLabel={t('actions.signIn')}
      submitTestId="login-submit"
      testId={`login-form-${kind}`}
    >
      {children}
    </SignInForm>
  );
}
