import Stack from '@mui/material/Stack';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { REGISTER_RESEND_SECONDS } from '@portal/shared';
import { MailResend } from '../../components/captcha/mail-resend';
import { FlowCard } from '../../components/flow-card';
import { BackHomeButton } from '../../components/back-home-button';
import { registerApi } from './register-api';

/**
 * /registerDone?email=: the verification link is on its way; it can be sent again once the
 * server's window after the first (REGISTER_RESEND_SECONDS, else EMAIL_REPEAT) has passed.
 */
export default function RegisterDonePage() {
  const { t } = useTranslation('register');
  const email = useSearchParams()[0].get('email') ?? '';
  return (
    <FlowCard title={t('done.title')} lead={t('done.lead', { email })} testId="register-done-page">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <MailResend
          email={email}
          windowMs={REGISTER_RESEND_SECONDS * 1000}
          repeatCode="EMAIL_REPEAT"
          send={registerApi.register}
          testId="register-done"
        />
        <BackHomeButton />
      </Stack>
    </FlowCard>
  );
}
