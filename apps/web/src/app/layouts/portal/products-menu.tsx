import { Suspense, lazy, useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';

// The list (MUI Menu and the product query) loads when the visitor reaches for the menu.
const loadList = () => import('./products-menu-list');
const ProductsMenuList = lazy(loadList);

/** The products dropdown of the wide header, filled from the server on first open. */
export function ProductsMenu() {
  const { t } = useTranslation('portal');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { key: locationKey } = useLocation();
  // A route change (the back button included) closes the menu, as it does every portal menu.
  useEffect(() => setAnchor(null), [locationKey]);

  return (
    <>
      <Button
        color="inherit"
        endIcon={<ExpandMore />}
        onClick={(e) => setAnchor(e.currentTarget)}
        onPointerEnter={() => void loadList()}
        onFocus={() => void loadList()}
        aria-haspopup="menu"
        aria-controls={anchor ? 'products-menu' : undefined}
        data-testid="nav-products"
      >
        {t('nav.products')}
      </Button>
      {anchor && (
        <Suspense fallback={null}>
          <ProductsMenuList anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
