import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmailCaptchaForm } from '../../components/captcha/email-captcha-form';
import { FlowCard } from '../../components/flow-card';
import { registerApi } from './register-api';

/** /registerQuery: mail a link to the registration progress (once per 24 hours). */
export default function RegisterQueryPage() {
  const { t } = useTranslation('register');
  const navigate = useNavigate();
  return (
    <FlowCard title={t('query.title')} lead={t('query.lead')} testId="register-query-page">
      <EmailCaptchaForm
        emailLabel={t('start.email')}
        submitLabel={t('query.submit')}
        onSubmit={async (body) => {
          const { email } = await registerApi.query(body);
          navigate(`/registerQueryDone?email=${encodeURIComponent(email)}`);
        }}
      />
    </FlowCard>
  );
}
