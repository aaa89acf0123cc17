import Link from '@mui/material/Link';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmailCaptchaForm } from '../../components/captcha/email-captcha-form';
import { mailSentState } from '../../components/captcha/mail-resend';
import { FlowCard } from '../../components/flow-card';
import { passwordApi } from './password-api';

/** /forgetPassword: the root email and a captcha; a reset link is mailed when the account exists. */
export default function ForgetPasswordPage() {
  const { t } = useTranslation('password');
  const navigate = useNavigate();
  return (
    <FlowCard title={t('forget.title')} lead={t('forget.lead')} testId="forget-password-page">
      <EmailCaptchaForm
        emailLabel={t('forget.email')}
        submitLabel={t('forget.submit')}
        onSubmit={async (body) => {
          const { email } = await passwordApi.forget(body);
          navigate(`/forgetPasswordDone?email=${encodeURIComponent(email)}`, { state: mailSentState() });
        }}
      />
      <Link component={RouterLink} to="/login" sx={{ display: 'inline-block', mt: 3 }}>
        {t('backToLogin')}
      </Link>
    </FlowCard>
  );
}
