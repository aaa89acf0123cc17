import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import MuiLink from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTES, type RouteSetting, routePath } from '@portal/shared';
import { VISUALLY_HIDDEN } from '../../components/visually-hidden';
import { productName, useProducts } from '../../lib/products';
import { NEW_TAB, PRODUCT_LINKS } from '../../lib/site-config';

/** Site map groups, in the order a visitor meets them. */
const GROUPS = ['home', 'login', 'register', 'forgetPassword', 'info'] as const;

function visible(route: RouteSetting, language: string): boolean {
  return (
    route.layout === 'portal' &&
    !route.hiddenFromMap &&
    (!route.languages || route.languages.includes(language))
  );
}

const cardSx = { p: 2.5 } as const;

/** A card of the map: a heading over a list of links (`children`, each an `li`). */
function LinkCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={cardSx} aria-labelledby={id}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {children}
      </Box>
    </Paper>
  );
}

/** The product pages are data, not routes: listed from the same source as the products menu. */
function ProductsCard() {
  const { t, i18n } = useTranslation('siteMap');
  const products = useProducts(true);
  if (!products.data?.length) return null;
  return (
    <LinkCard id="site-map-products" title={t('groups.products')}>
      {products.data.map((product) => (
        <li key={product.id}>
          <MuiLink
            component={Link}
            to={routePath('product', { id: product.id, view: 'overview' })}
            data-testid={`site-map-product-${product.id}`}
          >
            {productName(product, i18n.language)}
          </MuiLink>
        </li>
      ))}
    </LinkCard>
  );
}

/** The operator's two other products, on sites of their own (opened in a new tab). */
function ProductLinksCard() {
  const { t } = useTranslation(['portal', 'common']);
  return (
    <LinkCard id="site-map-product-links" title={t('productLinks.label')}>
      {PRODUCT_LINKS.map((link) => (
        <li key={link.id}>
          <MuiLink href={link.href} {...NEW_TAB} data-testid={`site-map-product-link-${link.id}`}>
            {t(`productLinks.${link.id}.name`)}
            <Box component="span" sx={VISUALLY_HIDDEN}>
              {` (${t('common:opensNewWindow')})`}
            </Box>
          </MuiLink>
        </li>
      ))}
    </LinkCard>
  );
}

/**
 * Every public page that stands on its own, built from the shared route table, the product pages
 * from the product list, and the links to the operator's other products.
 */
export default function SiteMapPage() {
  const { t, i18n } = useTranslation('siteMap');
  const routes = ROUTES.filter((route) => visible(route, i18n.language));
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
        {t('title')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
        }}
      >
        {GROUPS.map((group) => {
          const members = routes.filter((route) => route.group === group);
          if (members.length === 0) return null;
          return (
            <LinkCard key={group} id={`site-map-${group}`} title={t(`groups.${group}`)}>
              {members.map((route) => (
                <li key={route.id}>
                  <MuiLink component={Link} to={route.path} data-testid={`site-map-${route.id}`}>
                    {t(`pages.${route.id}`)}
                  </MuiLink>
                </li>
              ))}
            </LinkCard>
          );
        })}
        <ProductsCard />
        <ProductLinksCard />
      </Box>
    </Container>
  );
}
