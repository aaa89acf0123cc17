import { type PaletteOptions, type Theme, createTheme } from '@mui/material/styles';
import { BREAKPOINTS } from '@portal/shared';
import type { ColorScheme } from '../lib/color-mode/color-mode';

declare module '@mui/material/styles' {
  interface ZIndex {
    /** The full-screen overlay of pending calls: above the app bar, the menu and dialogs. */
    loadingOverlay: number;
    /** Toasts sit on top of everything, the loading overlay included. */
    toast: number;
  }
  interface ZIndexOptions {
    loadingOverlay?: number;
    toast?: number;
  }
}

/**
 * The curly quotes and apostrophe (’ ‘ “ ”) and the bullet of a masked key (AKIA••••MPLE) from a
 * Latin face: the CJK fonts the stack starts with draw them full-width, so "the VM’s disks" read
 * "the VM’ s disks". zh-TW text quotes with 「」, so only English, masks (and what customers type)
 * meet this face.
 */
const QUOTES_FACE = 'Latin quotes';
const QUOTES_FONT_FACE = `@font-face {
  font-family: "${QUOTES_FACE}";
  src: local("Segoe UI"), local("Roboto"), local("Helvetica Neue"), local("Arial"), local("Liberation Sans"), local("DejaVu Sans");
  unicode-range: U+2018-201F, U+2022;
}`;

const FONT_STACK = [
  `"${QUOTES_FACE}"`,
  '"Noto Sans TC"',
  '"Noto Sans CJK TC"',
  '"PingFang TC"',
  '"Microsoft JhengHei"',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

const DARK_TEXT = '#121316';

/**
 * Spec section 9: primary orange, secondary grey, info teal, themed status colours. The light
 * shades are chosen so white text on them meets WCAG AA contrast (4.5:1); the dark shades are
 * lighter, so that they meet it as text on the dark background and with dark text on them.
 */
const PALETTES: Record<ColorScheme, PaletteOptions> = {
  light: {
    mode: 'light',
    primary: { main: '#c2410c', light: '#f97316', dark: '#9a3412', contrastText: '#fff' },
    secondary: { main: '#5f6368', light: '#9aa0a6', dark: '#3c4043', contrastText: '#fff' },
    info: { main: '#0f766e', light: '#14b8a6', dark: '#115e59', contrastText: '#fff' },
    success: { main: '#2e7d32', light: '#4caf50', dark: '#1b5e20', contrastText: '#fff' },
    warning: { main: '#a15c00', light: '#f5a623', dark: '#7a4500', contrastText: '#fff' },
    error: { main: '#c62828', light: '#ef5350', dark: '#8e0000', contrastText: '#fff' },
    background: { default: '#f7f7f8', paper: '#fff' },
  },
  // Against #121316 and #1b1c20: primary 8.2 and 7.5, secondary 10.3, info 10.0, success 7.9,
  // warning 10.7, error 6.7 to 1.
  dark: {
    mode: 'dark',
    primary: { main: '#fb923c', light: '#fdba74', dark: '#ea580c', contrastText: DARK_TEXT },
    secondary: { main: '#bdc1c6', light: '#dadce0', dark: '#9aa0a6', contrastText: DARK_TEXT },
    info: { main: '#2dd4bf', light: '#5eead4', dark: '#14b8a6', contrastText: DARK_TEXT },
    success: { main: '#66bb6a', light: '#81c784', dark: '#388e3c', contrastText: DARK_TEXT },
    warning: { main: '#ffb74d', light: '#ffcc80', dark: '#f57c00', contrastText: DARK_TEXT },
    error: { main: '#f87171', light: '#fca5a5', dark: '#dc2626', contrastText: DARK_TEXT },
    background: { default: DARK_TEXT, paper: '#1b1c20' },
  },
};

function createPortalTheme(scheme: ColorScheme): Theme {
  return createTheme({
    breakpoints: { values: { ...BREAKPOINTS } },
    palette: PALETTES[scheme],
    typography: {
      fontFamily: FONT_STACK,
      button: { textTransform: 'none', fontWeight: 600 },
    },
    shape: { borderRadius: 8 },
    zIndex: {
      // MUI defaults: app bar 1100, drawer 1200, modal 1300, snackbar 1400, tooltip 1500.
      loadingOverlay: 1450,
      toast: 2000,
    },
    components: {
      MuiCssBaseline: { styleOverrides: QUOTES_FONT_FACE },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { fullWidth: true, size: 'small' } },
    },
  });
}

const themes: Partial<Record<ColorScheme, Theme>> = {};

/**
 * The theme of a colour scheme, made on first use (most visits never need the dark one). Two
 * plain themes rather than MUI's colorSchemes: that needs its CSS-variables provider, which costs
 * Home's first load about 3 KB gzip its budget has not got (docs/decisions/0003).
 */
export function themeFor(scheme: ColorScheme): Theme {
  return (themes[scheme] ??= createPortalTheme(scheme));
}
