import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** A full-width message page: no such page (404) or not allowed (403). */
export function StatusPage({ kind }: { kind: 'notFound' | 'forbidden' }) {
  const { t } = useTranslation();
  const home = kind === 'forbidden' ? '/dashboard' : '/';
  return (
    <Box sx={{ py: 10, px: 3, textAlign: 'center' }} data-testid={`status-${kind}`}>
      <Typography variant="h2" component="p" color="primary" sx={{ fontWeight: 700 }}>
        {kind === 'forbidden' ? 403 : 404}
      </Typography>
      <Typography variant="h5" component="h1" gutterBottom>
        {t(`errors.${kind}.title`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t(`errors.${kind}.body`)}
      </Typography>
      <Button variant="contained" component={Link} to={home}>
        {t(kind === 'forbidden' ? 'actions.backDashboard' : 'actions.backHome')}
      </Button>
    </Box>
  );
}
