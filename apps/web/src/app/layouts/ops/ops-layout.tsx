import { Suspense } from 'react';
import Box from '@mui/material/Box';
import { Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../../components/page-spinner';
import { RouteErrorBoundary } from '../../router/route-error-boundary';
import { OpsTopBar } from './ops-top-bar';

/**
 * The operations console's frame: a small top bar and the page. None of the customer portal's
 * header, footer, product menus or cookie banner; staff have their own session (features/ops).
 */
export default function OpsLayout() {
  const { pathname } = useLocation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh', bgcolor: 'background.default' }}>
      <OpsTopBar />
      <Box component="main" id="main" sx={{ flexGrow: 1 }} data-testid="ops-layout">
        <Suspense fallback={<PageSpinner minHeight="60vh" />}>
          <RouteErrorBoundary resetKey={pathname}>
            <Outlet />
          </RouteErrorBoundary>
        </Suspense>
      </Box>
    </Box>
  );
}
