import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { HashRouter } from 'react-router';
import { LoadingOverlay } from '../components/loading-overlay';
import { Toasts } from '../components/toasts/toasts';
import { AppRoutes } from './router/app-routes';
import { theme } from './theme';

/**
 * The app shell. TanStack Query is provided by the console layout and by the portal pages that
 * use it (see router/pages.ts), so Home does not download it.
 */
export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <HashRouter>
        <AppRoutes />
      </HashRouter>
      <LoadingOverlay />
      <Toasts />
    </ThemeProvider>
  );
}
