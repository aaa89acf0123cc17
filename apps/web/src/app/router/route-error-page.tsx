import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from './chunk-load-error';

/**
 * What a failed page shows. A chunk that failed to load (a new release, a dropped connection) is
 * offered a reload; anything else gets a generic message, a reload and a way home.
 */
export function RouteErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const key = isChunkLoadError(error) ? 'chunkError' : 'pageError';
  return (
    <Box role="alert" sx={{ py: 10, px: 3, textAlign: 'center' }} data-testid={`route-error-${key}`}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t(`errors.${key}.title`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t(`errors.${key}.body`)}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center' }}>
        <Button variant="contained" onClick={() => window.location.reload()} data-testid="route-error-reload">
          {t('actions.reload')}
        </Button>
        <Button variant="outlined" href="#/">
          {t('actions.backHome')}
        </Button>
      </Box>
    </Box>
  );
}
