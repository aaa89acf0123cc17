import Button from '@mui/material/Button';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FlowCard } from '../../components/flow-card';

/** /forgetPasswordDone?email=: the same words whether or not the address has an account. */
export default function ForgetPasswordDonePage() {
  const { t } = useTranslation('password');
  const email = useSearchParams()[0].get('email') ?? '';
  return (
    <FlowCard
      title={t('forgetDone.title')}
      lead={t('forgetDone.lead', { email })}
      testId="forget-password-done-page"
    >
      <Button component={RouterLink} to="/login" variant="outlined">
        {t('backToLogin')}
      </Button>
    </FlowCard>
  );
}
