import Button from '@mui/material/Button';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FlowCard } from '../../components/flow-card';

/** /registerDone?email=: the verification link is on its way. */
export default function RegisterDonePage() {
  const { t } = useTranslation('register');
  const email = useSearchParams()[0].get('email') ?? '';
  return (
    <FlowCard title={t('done.title')} lead={t('done.lead', { email })} testId="register-done-page">
      <Button component={RouterLink} to="/" variant="outlined">
        {t('common:actions.backHome')}
      </Button>
    </FlowCard>
  );
}
