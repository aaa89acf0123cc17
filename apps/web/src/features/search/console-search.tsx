import { Suspense, lazy, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import { isPaletteShortcut } from './search-shortcut';

const loadPalette = () => import('./search-palette');
const SearchPalette = lazy(loadPalette);

/** ⌘ on Apple keyboards, Ctrl elsewhere. */
const onMac = () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/**
 * The console's search in the top bar: a box with its shortcut on wide screens (1,200 px and up),
 * an icon button (its shortcut in its title) on narrower ones, and Ctrl+K / ⌘K anywhere in the
 * console. The palette is a chunk of its own, fetched on the first open, or a moment before when
 * the pointer or focus reaches the box.
 */
export function ConsoleSearch() {
  const { t } = useTranslation('search');
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so the dialog can play its closing transition.
  const [wanted, setWanted] = useState(false);
  const show = () => {
    setWanted(true);
    setOpen(true);
  };
  const preload = () => void loadPalette();

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isPaletteShortcut(e)) return;
      // The browser's own Ctrl+K (its address-bar search) gives way inside the console.
      e.preventDefault();
      setWanted(true);
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const shortcut = onMac() ? '⌘K' : 'Ctrl K';
  return (
    <>
      <ButtonBase
        onClick={show}
        onPointerEnter={preload}
        onFocus={preload}
        aria-keyshortcuts={onMac() ? 'Meta+K' : 'Control+K'}
        aria-haspopup="dialog"
        data-testid="console-search-box"
        sx={{
          // From 1,200 px: below it the bar's title, contact and account take the room.
          display: { xs: 'none', lg: 'flex' },
          alignItems: 'center',
          gap: 1,
          width: 300,
          height: 38,
          px: 1.25,
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          bgcolor: 'action.hover',
          color: 'text.secondary',
          justifyContent: 'flex-start',
          '&:hover': { borderColor: 'text.secondary' },
        }}
      >
        <SearchIcon fontSize="small" />
        <Box component="span" sx={{ flexGrow: 1, textAlign: 'left', fontSize: '0.875rem' }}>
          {t('box.placeholder')}
        </Box>
        <Box
          component="kbd"
          sx={{
            fontFamily: 'inherit',
            fontSize: '0.75rem',
            px: 0.75,
            py: 0.125,
            border: 1,
            borderColor: 'divider',
            borderRadius: 0.75,
            bgcolor: 'background.paper',
            whiteSpace: 'nowrap',
          }}
        >
          {shortcut}
        </Box>
      </ButtonBase>
      <IconButton
        onClick={show}
        onFocus={preload}
        aria-label={t('box.open')}
        title={`${t('box.open')} (${shortcut})`}
        aria-keyshortcuts={onMac() ? 'Meta+K' : 'Control+K'}
        aria-haspopup="dialog"
        sx={{ display: { lg: 'none' } }}
        data-testid="console-search-button"
      >
        <SearchIcon />
      </IconButton>
      {wanted && (
        <Suspense fallback={null}>
          <SearchPalette open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
