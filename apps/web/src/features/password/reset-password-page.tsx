import { NewPasswordPage } from './new-password-page';

/** /resetPassword/{guid}: a new password from the recovery mail. */
export default function ResetPasswordPage() {
  return <NewPasswordPage kind="reset" />;
}
