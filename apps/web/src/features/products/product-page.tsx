import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PRODUCT_VIEWS, type ProductDetail, type ProductView, routePath } from '@portal/shared';
import { PageWidth } from '../../components/page-width';
import { ProductFunctions } from './product-functions';
import { ProductOverview } from './product-overview';
import { ProductPrices } from './product-prices';
import { useProductDetail } from './products-api';

const isView = (view: string | undefined): view is ProductView =>
  (PRODUCT_VIEWS as readonly string[]).includes(view ?? '');

function ViewContent({
  view,
  product,
  english,
}: {
  view: ProductView;
  product: ProductDetail;
  english: boolean;
}) {
  if (view === 'functions')
    return <ProductFunctions functions={english ? product.functionsE : product.functionsC} />;
  if (view === 'price') return <ProductPrices prices={product.prices} english={english} />;
  return <ProductOverview paragraphs={english ? product.overviewE : product.overviewC} />;
}

/** /product/{id}/{view}: one product, with overview, functions and price as linked tabs. */
export default function ProductPage() {
  const { id = '', view } = useParams();
  const navigate = useNavigate();
  const { t, i18n } = useTranslation('products');
  const english = i18n.language === 'en';
  const product = useProductDetail(id);

  // An unknown view is an old or mistyped link: show the overview rather than nothing.
  useEffect(() => {
    if (!isView(view)) void navigate(routePath('product', { id, view: 'overview' }), { replace: true });
  }, [id, view, navigate]);
  if (!isView(view)) return null;

  const name = product.data && (english ? product.data.productNameE : product.data.productNameC);
  return (
    <>
      <Box
        component="section"
        sx={{
          color: '#fff',
          background: 'linear-gradient(125deg, #7c2d12 0%, #b93c0b 60%, #c2410c 100%)',
          py: { xs: 4, md: 6 },
        }}
      >
        <PageWidth>
          <Typography variant="overline" sx={{ letterSpacing: 2, opacity: 0.9 }}>
            {t('eyebrow')}
          </Typography>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 1 }} data-testid="product-name">
            {name ?? <Skeleton sx={{ bgcolor: 'rgba(255,255,255,0.25)' }} width="40%" />}
          </Typography>
          <Typography sx={{ fontSize: { md: '1.15rem' }, opacity: 0.95 }}>
            {product.data ? (
              english ? (
                product.data.summaryE
              ) : (
                product.data.summaryC
              )
            ) : (
              <Skeleton sx={{ bgcolor: 'rgba(255,255,255,0.25)' }} />
            )}
          </Typography>
        </PageWidth>
      </Box>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <PageWidth>
          <Tabs value={view} aria-label={t('viewsLabel')} variant="scrollable" allowScrollButtonsMobile>
            {PRODUCT_VIEWS.map((v) => (
              <Tab
                key={v}
                value={v}
                label={t(`views.${v}`)}
                component={Link}
                to={routePath('product', { id, view: v })}
                replace
                data-testid={`product-view-${v}`}
              />
            ))}
          </Tabs>
        </PageWidth>
      </Box>
      <PageWidth component="section" aria-label={t(`views.${view}`)} sx={{ py: { xs: 4, md: 6 } }}>
        {product.isError && <Alert severity="error">{t('failed')}</Alert>}
        {product.isPending && (
          <Paper variant="outlined" sx={{ p: 3 }}>
            <Skeleton />
            <Skeleton />
            <Skeleton width="60%" />
          </Paper>
        )}
        {product.data && <ViewContent view={view} product={product.data} english={english} />}
      </PageWidth>
    </>
  );
}
