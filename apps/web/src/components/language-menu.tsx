import { Suspense, lazy, useState } from 'react';
import Button from '@mui/material/Button';
import Translate from '@mui/icons-material/Translate';
import { useTranslation } from 'react-i18next';

// The menu itself (MUI Menu, popover, focus trap) loads on first use, not with every page.
const loadList = () => import('./language-menu-list');
const LanguageMenuList = lazy(loadList);

/** The language choice, stored under useLanguage and applied at once. */
export function LanguageMenu({ color = 'inherit' }: { color?: 'inherit' | 'primary' | 'secondary' }) {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        color={color}
        startIcon={<Translate />}
        onClick={(e) => setAnchor(e.currentTarget)}
        onPointerEnter={() => void loadList()}
        onFocus={() => void loadList()}
        aria-haspopup="menu"
        aria-controls={anchor ? 'language-menu' : undefined}
        aria-label={`${t('language.label')}: ${t(`language.${i18n.language}`)}`}
        data-testid="language-menu-button"
      >
        {t(`language.${i18n.language}`)}
      </Button>
      {anchor && (
        <Suspense fallback={null}>
          <LanguageMenuList anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
