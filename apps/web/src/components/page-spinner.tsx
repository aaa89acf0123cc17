import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** Shown while a page chunk or its translations load. */
export function PageSpinner({ minHeight = 240 }: { minHeight?: number | string }) {
  // Never suspends: it is itself what shows while something else does.
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight }}
      data-testid="page-spinner"
    >
      <CircularProgress aria-label={t('loading')} />
    </Box>
  );
}
