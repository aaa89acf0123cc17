import CircularProgress from '@mui/material/CircularProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { QueryClientProvider } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routePath } from '@portal/shared';
import { queryClient } from '../../../lib/query-client';
import { productName, useProducts } from '../../../lib/products';

function ProductItems({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation('portal');
  const products = useProducts(true);
  return (
    <>
      {products.isPending && (
        <MenuItem disabled>
          <CircularProgress size={18} sx={{ mr: 1 }} /> {t('products.loading')}
        </MenuItem>
      )}
      {products.isError && <MenuItem disabled>{t('products.failed')}</MenuItem>}
      {products.data?.length === 0 && <MenuItem disabled>{t('products.none')}</MenuItem>}
      {products.data?.map((product) => (
        <MenuItem
          key={product.id}
          component={Link}
          to={routePath('product', { id: product.id, view: 'overview' })}
          onClick={onClose}
          data-testid={`product-${product.id}`}
        >
          {productName(product, i18n.language)}
        </MenuItem>
      ))}
    </>
  );
}

/** The open products menu; loaded lazily by ProductsMenu. */
export default function ProductsMenuList({ anchor, onClose }: { anchor: HTMLElement; onClose: () => void }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Menu id="products-menu" anchorEl={anchor} open onClose={onClose}>
        <ProductItems onClose={onClose} />
      </Menu>
    </QueryClientProvider>
  );
}
