import { Suspense, lazy, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import DarkMode from '@mui/icons-material/DarkMode';
import LightMode from '@mui/icons-material/LightMode';
import SettingsBrightness from '@mui/icons-material/SettingsBrightness';
import { useTranslation } from 'react-i18next';
import { useColorMode } from '../lib/color-mode/color-mode';

// The menu itself (MUI Menu, popover, focus trap) loads on first use, like the language menu.
const loadList = () => import('./color-mode-menu-list');
const ColorModeMenuList = lazy(loadList);

const ICONS = { system: SettingsBrightness, light: LightMode, dark: DarkMode } as const;

/** The colour mode choice (system, light, dark), kept under colorMode: an icon button and its menu. */
export function ColorModeMenu() {
  const { t } = useTranslation();
  const mode = useColorMode();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const Icon = ICONS[mode];
  const label = `${t('colorMode.label')}: ${t(`colorMode.${mode}`)}`;
  return (
    <>
      <IconButton
        color="inherit"
        onClick={(e) => setAnchor(e.currentTarget)}
        onPointerEnter={() => void loadList()}
        onFocus={() => void loadList()}
        aria-haspopup="menu"
        aria-controls={anchor ? 'color-mode-menu' : undefined}
        aria-label={label}
        // A native tooltip: MUI's Tooltip would bring Popper onto Home's first load.
        title={label}
        data-testid="color-mode-button"
      >
        <Icon />
      </IconButton>
      {anchor && (
        <Suspense fallback={null}>
          <ColorModeMenuList anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
