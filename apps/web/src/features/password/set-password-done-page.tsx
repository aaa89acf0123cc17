import { PasswordDone } from './password-done-page';

export default function SetPasswordDonePage() {
  return <PasswordDone kind="set" />;
}
