import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import SupportAgent from '@mui/icons-material/SupportAgent';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CONSOLE_HEADER_PX } from '@portal/shared';
import { BrandLogo } from '../../../components/brand-logo';
import { ColorModeMenu } from '../../../components/color-mode-menu';
import { LanguageMenu } from '../../../components/language-menu';
import { SITE_LINKS } from '../../../lib/site-config';
import { ConsoleSearch } from '../../../features/search/console-search';
import { AccountMenu } from './account-menu';

/** The fixed 64 px bar: menu toggle, logo and title to Dashboard, contact, language, colour mode, account. */
export function ConsoleTopBar({ onToggleMenu, menuOpen }: { onToggleMenu: () => void; menuOpen: boolean }) {
  const { t } = useTranslation(['console', 'common']);
  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={1}
      sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}
    >
      <Toolbar sx={{ minHeight: `${CONSOLE_HEADER_PX}px !important`, height: CONSOLE_HEADER_PX, gap: 1 }}>
        <IconButton
          edge="start"
          onClick={onToggleMenu}
          aria-label={t('sidebar.toggle')}
          aria-expanded={menuOpen}
          aria-controls="console-sidebar"
          data-testid="console-menu-toggle"
        >
          <MenuIcon />
        </IconButton>
        <Box
          component={Link}
          to="/dashboard"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1.25,
            color: 'inherit',
            textDecoration: 'none',
            minWidth: 0,
          }}
          data-testid="console-home-link"
        >
          <BrandLogo height={36} />
          <Typography
            component="span"
            noWrap
            sx={{ fontWeight: 700, fontSize: { xs: '1rem', sm: '1.15rem' } }}
          >
            {t('title')}
          </Typography>
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <ConsoleSearch />
        <Button
          color="inherit"
          href={SITE_LINKS.contactUs}
          target="_blank"
          rel="noopener noreferrer"
          startIcon={<SupportAgent />}
          sx={{ display: { xs: 'none', md: 'inline-flex' } }}
          data-testid="console-contact-us"
        >
          {t('contactUs')}
        </Button>
        <IconButton
          href={SITE_LINKS.contactUs}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('contactUs')}
          sx={{ display: { md: 'none' } }}
        >
          <SupportAgent />
        </IconButton>
        <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
          <LanguageMenu />
        </Box>
        <ColorModeMenu />
        <AccountMenu />
      </Toolbar>
    </AppBar>
  );
}
