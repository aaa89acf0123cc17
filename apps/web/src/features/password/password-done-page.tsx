import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FlowCard } from '../../components/flow-card';

/** The password is set (first or reset): on to sign in. */
export function PasswordDone({ kind }: { kind: 'reset' | 'set' }) {
  const { t } = useTranslation('password');
  return (
    <FlowCard
      title={t(`${kind}Done.title`)}
      lead={t(`${kind}Done.lead`)}
      testId={`${kind}-password-done-page`}
    >
      <Button component={RouterLink} to="/login" variant="contained" data-testid="password-done-login">
        {t('signIn')}
      </Button>
    </FlowCard>
  );
}
