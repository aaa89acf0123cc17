import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { QueryClientProvider } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, routePath } from '@portal/shared';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { queryClient } from '../../../lib/query-client';
import { NEW_TAB, PRODUCT_LINKS, SITE_LINKS } from '../../../lib/site-config';
import { productName, useProducts } from '../../../lib/products';
import { usePortalAuth } from './use-portal-auth';

function ExternalItem({ href, label, testId }: { href: string; label: string; testId: string }) {
  return (
    <ListItemButton component="a" href={href} {...NEW_TAB} data-testid={testId}>
      <ListItemText primary={label} />
      <OpenInNew fontSize="small" color="action" />
    </ListItemButton>
  );
}

function ProductsItem() {
  const { t, i18n } = useTranslation('portal');
  const [open, setOpen] = useState(false);
  const products = useProducts(open);
  return (
    <>
      <ListItemButton
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        data-testid="mobile-nav-products"
      >
        <ListItemText primary={t('nav.products')} />
        {open ? <ExpandLess /> : <ExpandMore />}
      </ListItemButton>
      <Collapse in={open} unmountOnExit>
        <List disablePadding dense>
          {products.isPending && (
            <ListItemButton disabled sx={{ pl: 4 }}>
              <CircularProgress size={16} sx={{ mr: 1 }} />
              <ListItemText primary={t('products.loading')} />
            </ListItemButton>
          )}
          {products.isError && (
            <ListItemButton disabled sx={{ pl: 4 }}>
              <ListItemText primary={t('products.failed')} />
            </ListItemButton>
          )}
          {products.data?.length === 0 && (
            <ListItemButton disabled sx={{ pl: 4 }}>
              <ListItemText primary={t('products.none')} />
            </ListItemButton>
          )}
          {products.data?.map((product) => (
            <ListItemButton
              key={product.id}
              sx={{ pl: 4 }}
              component={Link}
              to={routePath('product', { id: product.id, view: 'overview' })}
            >
              <ListItemText primary={productName(product, i18n.language)} />
            </ListItemButton>
          ))}
        </List>
      </Collapse>
    </>
  );
}

/**
 * The dropdown menu of narrow screens, loaded lazily by the header on first open; the header
 * closes it on every route change.
 */
export default function PortalMobileMenu({ open }: { open: boolean }) {
  const { t, i18n } = useTranslation(['portal', 'common']);
  const auth = usePortalAuth();
  return (
    <Collapse in={open} sx={{ display: { md: 'none' } }} unmountOnExit>
      <Box
        component="nav"
        id="portal-mobile-menu"
        aria-label={t('nav.label')}
        sx={{ borderTop: 1, borderColor: 'divider', maxHeight: 'calc(100vh - 90px)', overflowY: 'auto' }}
      >
        <List dense={false}>
          <Box sx={{ px: 2, pb: 1 }}>
            <Button
              variant="contained"
              fullWidth
              component={Link}
              to="/register"
              data-testid="mobile-nav-register"
            >
              {t('nav.register')}
            </Button>
          </Box>
          {auth.ready && !auth.loggedIn && (
            <ListItemButton component={Link} to="/login" data-testid="mobile-nav-login">
              <ListItemText primary={t('nav.login')} />
            </ListItemButton>
          )}
          {auth.ready && auth.loggedIn && (
            <>
              <ListItemButton component={Link} to="/dashboard" data-testid="mobile-nav-console">
                <ListItemText primary={t('nav.console')} />
              </ListItemButton>
              <ListItemButton onClick={() => void auth.logout()} data-testid="mobile-nav-logout">
                <ListItemText primary={t('nav.logout')} />
              </ListItemButton>
            </>
          )}
          <ListItemButton component={Link} to="/registerQuery" data-testid="mobile-nav-register-query">
            <ListItemText primary={t('nav.registerQuery')} />
          </ListItemButton>
          <ListItemButton component={Link} to="/lastestNews" data-testid="mobile-nav-latest-news">
            <ListItemText primary={t('nav.latestNews')} />
          </ListItemButton>
          <QueryClientProvider client={queryClient}>
            <ProductsItem />
          </QueryClientProvider>
          <ExternalItem href={SITE_LINKS.solution} label={t('nav.solution')} testId="mobile-nav-solution" />
          <ExternalItem href={SITE_LINKS.pricing} label={t('nav.pricing')} testId="mobile-nav-pricing" />
          <ExternalItem
            href={SITE_LINKS.documents}
            label={t('nav.documents')}
            testId="mobile-nav-documents"
          />
          {PRODUCT_LINKS.map((link) => (
            <ExternalItem
              key={link.id}
              href={link.href}
              label={t(`productLinks.${link.id}.name`)}
              testId={`mobile-nav-product-${link.id}`}
            />
          ))}
          <ExternalItem
            href={SITE_LINKS.contactUs}
            label={t('nav.contactUs')}
            testId="mobile-nav-contact-us"
          />
          <Box
            sx={{ display: 'flex', gap: 1, px: 2, py: 1 }}
            role="group"
            aria-label={t('common:language.label')}
          >
            {LANGUAGES.map((language) => (
              <ListItemButton
                key={language}
                lang={language}
                selected={i18n.language === language}
                onClick={() => void changeLanguage(language)}
                sx={{ borderRadius: 1, flex: 1, justifyContent: 'center' }}
                data-testid={`mobile-language-${language}`}
              >
                {t(`common:language.${language}`)}
              </ListItemButton>
            ))}
          </Box>
        </List>
      </Box>
    </Collapse>
  );
}
