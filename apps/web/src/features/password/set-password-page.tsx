import { NewPasswordPage } from './new-password-page';

/** /setPassword/{guid}: the first password of a new root user, from the approval mail. */
export default function SetPasswordPage() {
  return <NewPasswordPage kind="set" />;
}
