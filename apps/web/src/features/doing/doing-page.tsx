import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Construction from '@mui/icons-material/Construction';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useIsLoggedIn } from '../../lib/session/use-session';

/** The one placeholder: pages whose feature has not landed yet show this. */
export default function DoingPage() {
  const { t } = useTranslation('doing');
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  // The first page of a visit has nowhere to go back to.
  const hasHistory = useLocation().key !== 'default';
  return (
    <Box sx={{ py: { xs: 8, md: 12 }, px: 3, textAlign: 'center' }} data-testid="doing-page">
      <Box
        sx={{
          width: 88,
          height: 88,
          borderRadius: '50%',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          mb: 3,
        }}
      >
        <Construction sx={{ fontSize: 48 }} />
      </Box>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('title')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 520, mx: 'auto', mb: 4 }}>
        {t('body')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
        {hasHistory && (
          <Button variant="outlined" onClick={() => navigate(-1)}>
            {t('back')}
          </Button>
        )}
        <Button variant="contained" component={Link} to={loggedIn ? '/dashboard' : '/'}>
          {t(loggedIn ? 'toDashboard' : 'toHome')}
        </Button>
      </Stack>
    </Box>
  );
}
