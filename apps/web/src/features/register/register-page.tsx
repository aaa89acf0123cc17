import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmailCaptchaForm } from '../../components/captcha/email-captcha-form';
import { mailSentState } from '../../components/captcha/mail-resend';
import { FlowCard } from '../../components/flow-card';
import { registerApi } from './register-api';

/** /register: the root email and a captcha; a verification link is mailed. */
export default function RegisterPage() {
  const { t } = useTranslation('register');
  const navigate = useNavigate();
  return (
    <FlowCard title={t('start.title')} lead={t('start.lead')} testId="register-page">
      <EmailCaptchaForm
        emailLabel={t('start.email')}
        submitLabel={t('start.submit')}
        onSubmit={async (body) => {
          const { email } = await registerApi.register(body);
          navigate(`/registerDone?email=${encodeURIComponent(email)}`, { state: mailSentState() });
        }}
      />
      <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 3, flexWrap: 'wrap', gap: 1 }}>
        <Link component={RouterLink} to="/registerQuery" data-testid="register-query-link">
          {t('start.queryLink')}
        </Link>
        <Link component={RouterLink} to="/login">
          {t('start.loginLink')}
        </Link>
      </Stack>
    </FlowCard>
  );
}
