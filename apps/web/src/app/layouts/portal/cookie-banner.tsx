import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS } from '@portal/shared';
import { readStorage, writeStorage } from '../../../lib/storage';

/** Cookie consent, fixed at the bottom until the choice is stored under cookieApprove. */
export function CookieBanner() {
  const { t } = useTranslation('portal');
  const [choice, setChoice] = useState(() => readStorage(STORAGE_KEYS.cookieApprove));
  if (choice === 'true' || choice === 'false') return null;

  const decide = (approve: boolean) => {
    const value = String(approve);
    writeStorage(STORAGE_KEYS.cookieApprove, value);
    setChoice(value);
  };

  return (
    <Paper
      role="region"
      aria-label={t('cookie.label')}
      elevation={8}
      square
      data-testid="cookie-banner"
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: (theme) => theme.zIndex.snackbar,
        px: { xs: 2, md: 4 },
        py: 2,
        bgcolor: 'grey.900',
        color: 'grey.100',
      }}
    >
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          gap: 2,
          alignItems: { md: 'center' },
          maxWidth: 1536,
          mx: 'auto',
        }}
      >
        <Typography variant="body2" sx={{ flex: 1 }}>
          {t('cookie.message')}{' '}
          <Box
            component={Link}
            to="/cookiePolicy"
            sx={{ color: 'primary.light' }}
            data-testid="cookie-policy-link"
          >
            {t('cookie.policyLink')}
          </Box>
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          <Button
            variant="outlined"
            color="inherit"
            onClick={() => decide(false)}
            data-testid="cookie-reject"
          >
            {t('cookie.reject')}
          </Button>
          <Button variant="contained" onClick={() => decide(true)} data-testid="cookie-agree">
            {t('cookie.agree')}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
