import { PasswordDone } from './password-done-page';

export default function ResetPasswordDonePage() {
  return <PasswordDone kind="reset" />;
}
