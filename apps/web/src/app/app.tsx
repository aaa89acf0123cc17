import { useLayoutEffect } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { HashRouter } from 'react-router';
import { LoadingOverlay } from '../components/loading-overlay';
import { Toasts } from '../components/toasts/toasts';
import { applyDocumentColorScheme, useColorScheme } from '../lib/color-mode/color-mode';
import { AppRoutes } from './router/app-routes';
import { themeFor } from './theme';

/**
 * The app shell. TanStack Query is provided by the console layout and by the portal pages that
 * use it (see router/pages.ts), so Home does not download it. The theme follows the colour mode
 * chosen (or the system's), live.
 */
export function App() {
  const scheme = useColorScheme();
  useLayoutEffect(() => applyDocumentColorScheme(scheme), [scheme]);
  return (
    <ThemeProvider theme={themeFor(scheme)}>
      <CssBaseline />
      <HashRouter>
        <AppRoutes />
      </HashRouter>
      <LoadingOverlay />
      <Toasts />
    </ThemeProvider>
  );
}
