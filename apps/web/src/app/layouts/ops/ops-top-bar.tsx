import { useEffect, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../../components/brand-logo';
import { ColorModeMenu } from '../../../components/color-mode-menu';
import { LanguageMenu } from '../../../components/language-menu';
import { opsApi, opsToken } from '../../../features/ops/ops-api';

const NAV = [
  { to: '/ops/applications', label: 'bar.applications', testId: 'ops-nav-applications' },
  { to: '/ops/tickets', label: 'bar.tickets', testId: 'ops-nav-tickets' },
  { to: '/ops/clients', label: 'bar.clients', testId: 'ops-nav-clients' },
  { to: '/ops/audit', label: 'bar.audit', testId: 'ops-nav-audit' },
  { to: '/ops/announcements', label: 'bar.announcements', testId: 'ops-nav-announcements' },
] as const;

/** Product name and "Operations console", the pages, the staff member, language, colour mode and sign-out. */
export function OpsTopBar() {
  const { t } = useTranslation(['ops', 'common']);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const signedIn = pathname !== '/ops/login' && Boolean(opsToken.get());
  const [email, setEmail] = useState<string | null>(null);

  useEffect(() => {
    if (!signedIn) setEmail(null);
    else if (email === null)
      opsApi.me().then(
        (me) => setEmail(me.email),
        () => undefined,
      );
  }, [signedIn, email]);

  const signOut = () => {
    void opsApi
      .logout()
      .catch(() => undefined)
      .finally(() => {
        opsToken.clear();
        setEmail(null);
        navigate('/ops/login');
      });
  };

  return (
    <AppBar position="sticky" color="inherit" elevation={1} data-testid="ops-top-bar">
      <Toolbar sx={{ gap: { xs: 1, sm: 2 }, flexWrap: 'wrap', py: { xs: 1, sm: 0 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0, mr: 'auto' }}>
          <BrandLogo height={32} />
          <Typography
            component="span"
            noWrap
            sx={{ fontWeight: 700, fontSize: { xs: '0.95rem', sm: '1.1rem' } }}
          >
            {t('common:brand.name')}
          </Typography>
          <Typography component="span" noWrap color="text.secondary" data-testid="ops-console-title">
            {t('bar.title')}
          </Typography>
        </Box>
        {signedIn && (
          <Box
            component="nav"
            aria-label={t('bar.title')}
            // A phone puts the pages on a row of their own, scrolled sideways, not past the screen.
            sx={{
              display: 'flex',
              gap: 0.5,
              order: { xs: 1, md: 0 },
              width: { xs: '100%', md: 'auto' },
              overflowX: 'auto',
            }}
          >
            {NAV.map((item) => (
              <Button
                key={item.to}
                component={NavLink}
                to={item.to}
                end={false}
                size="small"
                data-testid={item.testId}
                sx={{ flexShrink: 0, whiteSpace: 'nowrap', '&.active': { bgcolor: 'action.selected' } }}
              >
                {t(item.label)}
              </Button>
            ))}
          </Box>
        )}
        {signedIn && email && (
          <Typography
            variant="body2"
            color="text.secondary"
            noWrap
            sx={{ display: { xs: 'none', md: 'block' }, maxWidth: 260 }}
            title={email}
            data-testid="ops-staff-email"
          >
            {t('bar.signedInAs', { email })}
          </Typography>
        )}
        <LanguageMenu />
        <ColorModeMenu />
        {signedIn && (
          <Button size="small" variant="outlined" onClick={signOut} data-testid="ops-logout">
            {t('bar.signOut')}
          </Button>
        )}
      </Toolbar>
    </AppBar>
  );
}
