import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { pendingCalls } from '../lib/api/pending-calls';
import { useStore } from '../lib/store';

/** Covers the page, menu included, while any tracked call is pending (spec section 4). */
export function LoadingOverlay() {
  const busy = useStore(pendingCalls, (n) => n > 0);
  const { t } = useTranslation();
  return (
    <Backdrop
      open={busy}
      data-testid="loading-overlay"
      sx={{ zIndex: (theme) => theme.zIndex.loadingOverlay, color: '#fff' }}
    >
      <CircularProgress color="inherit" aria-label={t('loading')} />
    </Backdrop>
  );
}
