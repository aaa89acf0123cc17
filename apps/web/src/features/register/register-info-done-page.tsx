import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FlowCard } from '../../components/flow-card';
import { BackHomeButton } from '../../components/back-home-button';

/** /registerInfoDone: the application is under review. */
export default function RegisterInfoDonePage() {
  const { t } = useTranslation('register');
  return (
    <FlowCard title={t('infoDone.title')} lead={t('infoDone.lead')} testId="register-info-done-page">
      <Stack direction="row" spacing={2}>
        <Button component={RouterLink} to="/registerQuery" variant="contained">
          {t('infoDone.query')}
        </Button>
        <BackHomeButton />
      </Stack>
    </FlowCard>
  );
}
