import { Suspense } from 'react';
import Box from '@mui/material/Box';
import { Outlet, useLocation } from 'react-router';
import { PORTAL_CONTENT_OFFSET_PX } from '@portal/shared';
import { AfterFirstPaint } from '../../../components/after-first-paint';
import { PageSpinner } from '../../../components/page-spinner';
import { RouteErrorBoundary } from '../../router/route-error-boundary';
import { CookieBanner } from './cookie-banner';
import { PortalFooter } from './portal-footer';
import { PortalHeader } from './portal-header';

/** The public area's frame: header, page, footer and the cookie banner (spec "Portal layout"). */
export default function PortalLayout() {
  const { pathname } = useLocation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <PortalHeader />
      {/* The footer arrives with the page: drawn before it, it would jump when the page lands (a
          layout shift that costs the Lighthouse CLS score on every first visit). */}
      <Suspense fallback={<PageSpinner minHeight="100vh" />}>
        <Box
          component="main"
          id="main"
          sx={{ minHeight: `calc(100vh - ${PORTAL_CONTENT_OFFSET_PX}px)`, flexGrow: 1 }}
        >
          <RouteErrorBoundary resetKey={pathname}>
            {/* A first visit commits the frame (header, cookie notice), then the page a frame
                later and the footer a frame after that: three short tasks, not one long one. */}
            <AfterFirstPaint>
              <Outlet />
            </AfterFirstPaint>
          </RouteErrorBoundary>
        </Box>
        {/* Below the fold of every page (main is at least a screen high), and after the page, so
            that it never shows above a page still to come (a layout shift). */}
        <AfterFirstPaint frames={2}>
          <PortalFooter />
        </AfterFirstPaint>
      </Suspense>
      <CookieBanner />
    </Box>
  );
}
