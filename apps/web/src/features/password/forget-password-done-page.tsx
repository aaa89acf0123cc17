import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ONE_REQUEST_PER_MS } from '@portal/shared';
import { MailResend } from '../../components/captcha/mail-resend';
import { FlowCard } from '../../components/flow-card';
import { passwordApi } from './password-api';

/**
 * /forgetPasswordDone?email=: the same words whether or not the address has an account. The link
 * can be asked for again once a day (spec section 9; else PASSWORD_RESET_REPEAT): the Resend
 * counts that down from the first request.
 */
export default function ForgetPasswordDonePage() {
  const { t } = useTranslation('password');
  const email = useSearchParams()[0].get('email') ?? '';
  return (
    <FlowCard
      title={t('forgetDone.title')}
      lead={t('forgetDone.lead', { email })}
      testId="forget-password-done-page"
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <MailResend
          email={email}
          windowMs={ONE_REQUEST_PER_MS}
          repeatCode="PASSWORD_RESET_REPEAT"
          send={passwordApi.forget}
          testId="forget-password-done"
        />
        <Button component={RouterLink} to="/login" variant="outlined">
          {t('backToLogin')}
        </Button>
      </Stack>
    </FlowCard>
  );
}
