import { Suspense, lazy, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import MenuIcon from '@mui/icons-material/Menu';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PORTAL_HEADER_LINE_PX } from '@portal/shared';
import { BrandLogo } from '../../../components/brand-logo';
import { ColorModeMenu } from '../../../components/color-mode-menu';
import { PageWidth } from '../../../components/page-width';
import { LanguageMenu } from '../../../components/language-menu';
import { PRODUCT_LINKS, SITE_LINKS } from '../../../lib/site-config';
import { ExternalNavButton } from './external-link';
import { ProductsMenu } from './products-menu';
import { usePortalAuth } from './use-portal-auth';

// The narrow-screen menu loads when first opened; wide screens never need it.
const PortalMobileMenu = lazy(() => import('./portal-mobile-menu'));

function UtilityBar() {
  const { t } = useTranslation('portal');
  const auth = usePortalAuth();
  return (
    <Box sx={{ bgcolor: 'action.hover', display: { xs: 'none', md: 'block' } }}>
      <PageWidth
        sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 0.5, minHeight: 40 }}
      >
        {/* The two other products: here, as the main line has no room left at its narrowest. */}
        {PRODUCT_LINKS.map((link) => (
          <ExternalNavButton key={link.id} href={link.href} testId={`nav-product-${link.id}`}>
            {t(`productLinks.${link.id}.name`)}
          </ExternalNavButton>
        ))}
        <ExternalNavButton href={SITE_LINKS.contactUs} testId="nav-contact-us">
          {t('nav.contactUs')}
        </ExternalNavButton>
        <LanguageMenu />
        <ColorModeMenu />
        <Button color="inherit" component={Link} to="/registerQuery" data-testid="nav-register-query">
          {t('nav.registerQuery')}
        </Button>
        {auth.ready && !auth.loggedIn && (
          <Button color="inherit" component={Link} to="/login" data-testid="nav-login">
            {t('nav.login')}
          </Button>
        )}
        {auth.ready && auth.loggedIn && (
          <>
            <Button color="inherit" component={Link} to="/dashboard" data-testid="nav-console">
              {t('nav.console')}
            </Button>
            <Button color="inherit" onClick={() => void auth.logout()} data-testid="nav-logout">
              {t('nav.logout')}
            </Button>
          </>
        )}
      </PageWidth>
    </Box>
  );
}

function MainNav() {
  const { t } = useTranslation('portal');
  return (
    <Box
      component="nav"
      aria-label={t('nav.label')}
      sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', gap: 0.5 }}
    >
      <Button color="inherit" component={Link} to="/lastestNews" data-testid="nav-latest-news">
        {t('nav.latestNews')}
      </Button>
      <ProductsMenu />
      <ExternalNavButton href={SITE_LINKS.solution} testId="nav-solution">
        {t('nav.solution')}
      </ExternalNavButton>
      <ExternalNavButton href={SITE_LINKS.pricing} testId="nav-pricing">
        {t('nav.pricing')}
      </ExternalNavButton>
      <ExternalNavButton href={SITE_LINKS.documents} testId="nav-documents">
        {t('nav.documents')}
      </ExternalNavButton>
      <Box aria-hidden sx={{ alignSelf: 'stretch', borderLeft: 1, borderColor: 'divider', mx: 1, my: 3 }} />
      <Button variant="contained" component={Link} to="/register" data-testid="nav-register">
        {t('nav.register')}
      </Button>
    </Box>
  );
}

/** The portal header: logo home link, full navigation from md up, a dropdown menu below. */
export function PortalHeader() {
  const { t } = useTranslation(['common', 'portal']);
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  const { key: locationKey } = useLocation();
  // Any route change closes the narrow-screen menu.
  useEffect(() => setMenuOpen(false), [locationKey]);

  return (
    <Box
      component="header"
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: 'appBar',
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <UtilityBar />
      <PageWidth
        sx={{
          display: 'flex',
          alignItems: 'center',
          minHeight: PORTAL_HEADER_LINE_PX,
          lineHeight: `${PORTAL_HEADER_LINE_PX}px`,
        }}
      >
        <Box
          component={Link}
          to="/"
          aria-label={t('brand.home')}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1.5,
            color: 'inherit',
            textDecoration: 'none',
            mr: 2,
          }}
          data-testid="portal-logo"
        >
          <BrandLogo />
          <Typography
            component="span"
            sx={{ fontWeight: 700, fontSize: { xs: '1.05rem', sm: '1.2rem' }, whiteSpace: 'nowrap' }}
          >
            {t('brand.name')}
          </Typography>
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <MainNav />
        {/* Narrow screens have no utility bar: the colour mode sits beside the menu button. */}
        <Box sx={{ display: { md: 'none' } }}>
          <ColorModeMenu />
        </Box>
        <IconButton
          sx={{ display: { md: 'none' } }}
          onClick={() => {
            setMenuUsed(true);
            setMenuOpen((open) => !open);
          }}
          aria-expanded={menuOpen}
          aria-controls="portal-mobile-menu"
          aria-label={t('portal:nav.menu')}
          data-testid="nav-mobile-toggle"
        >
          {menuOpen ? <Close /> : <MenuIcon />}
        </IconButton>
      </PageWidth>
      {menuUsed && (
        <Suspense fallback={null}>
          <PortalMobileMenu open={menuOpen} />
        </Suspense>
      )}
    </Box>
  );
}
