import { createTheme } from '@mui/material/styles';
import { BREAKPOINTS } from '@portal/shared';

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

const FONT_STACK = [
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

/**
 * Spec section 9: primary orange, secondary grey, info teal, themed status colours. The shades
 * are chosen so white text on them meets WCAG AA contrast (4.5:1).
 */
export const theme = createTheme({
  breakpoints: { values: { ...BREAKPOINTS } },
  palette: {
    primary: { main: '#c2410c', light: '#f97316', dark: '#9a3412', contrastText: '#fff' },
    secondary: { main: '#5f6368', light: '#9aa0a6', dark: '#3c4043', contrastText: '#fff' },
    info: { main: '#0f766e', light: '#14b8a6', dark: '#115e59', contrastText: '#fff' },
    success: { main: '#2e7d32', light: '#4caf50', dark: '#1b5e20', contrastText: '#fff' },
    warning: { main: '#a15c00', light: '#f5a623', dark: '#7a4500', contrastText: '#fff' },
    error: { main: '#c62828', light: '#ef5350', dark: '#8e0000', contrastText: '#fff' },
    background: { default: '#f7f7f8', paper: '#fff' },
  },
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
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { fullWidth: true, size: 'small' } },
  },
});
