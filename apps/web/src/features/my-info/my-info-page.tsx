import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../components/page-spinner';
import { useSession } from '../../lib/session/use-session';
import { AccountSettingsForm } from './account-settings-form';
import { AccountSummary } from './account-summary';

/** Account settings: the account facts, two-factor, email and password change (log code 10005). */
export default function MyInfoPage() {
  const { t } = useTranslation('myInfo');
  const { info } = useSession();
  if (!info) return <PageSpinner />;
  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {t('title')}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('sections.account')}
        </Typography>
        <AccountSummary info={info} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t(info.isRoot ? 'hints.changeBasicRoot' : 'hints.changeBasicIam')}
        </Typography>
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <AccountSettingsForm info={info} />
      </Paper>
    </Container>
  );
}
