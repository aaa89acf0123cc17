import { Suspense, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CONSOLE_HEADER_PX } from '@portal/shared';
import { LanguageMenu } from '../../../components/language-menu';
import { PageSpinner } from '../../../components/page-spinner';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { queryClient } from '../../../lib/query-client';
import { RouteErrorBoundary } from '../../router/route-error-boundary';
import { ConsoleTopBar } from './console-top-bar';
import { RouteAuthority } from './route-authority';
import { SidebarMenu } from './sidebar-menu';

const SIDEBAR_WIDTH = 264;

function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const { ready, menu } = usePermissions();
  if (!ready) {
    return (
      <Box sx={{ p: 2 }} aria-hidden>
        {Array.from({ length: 7 }, (_, i) => (
          <Skeleton key={i} height={36} />
        ))}
      </Box>
    );
  }
  return <SidebarMenu menu={menu} onNavigate={onNavigate} />;
}

/**
 * The signed-in frame (spec "Console layout"): the fixed top bar, a collapsible sidebar from the
 * server's menu (a temporary drawer on narrow screens) and the page below the bar.
 */
export default function ConsoleLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <ConsoleFrame />
    </QueryClientProvider>
  );
}

function ConsoleFrame() {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const { t } = useTranslation('console');
  const [wideOpen, setWideOpen] = useState(true);
  const [narrowOpen, setNarrowOpen] = useState(false);
  const { key: locationKey, pathname } = useLocation();
  useEffect(() => setNarrowOpen(false), [locationKey]);

  const menuOpen = wide ? wideOpen : narrowOpen;
  const toggle = () => (wide ? setWideOpen((o) => !o) : setNarrowOpen((o) => !o));

  return (
    <Box sx={{ display: 'flex' }}>
      <ConsoleTopBar onToggleMenu={toggle} menuOpen={menuOpen} />
      <Drawer
        id="console-sidebar"
        variant={wide ? 'persistent' : 'temporary'}
        open={menuOpen}
        onClose={() => setNarrowOpen(false)}
        sx={{
          width: wide && wideOpen ? SIDEBAR_WIDTH : 0,
          flexShrink: 0,
          transition: theme.transitions.create('width'),
          '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH, boxSizing: 'border-box' },
        }}
        slotProps={{ paper: { component: 'aside', 'aria-label': t('sidebar.label') } as object }}
      >
        <Box sx={{ height: CONSOLE_HEADER_PX, flexShrink: 0 }} />
        {!wide && (
          <Box sx={{ px: 2, pt: 1, display: { sm: 'none' } }}>
            <LanguageMenu color="primary" />
          </Box>
        )}
        <SidebarContent onNavigate={wide ? undefined : () => setNarrowOpen(false)} />
      </Drawer>
      <Box
        component="main"
        id="main"
        sx={{
          flexGrow: 1,
          minWidth: 0,
          mt: `${CONSOLE_HEADER_PX}px`,
          height: `calc(100vh - ${CONSOLE_HEADER_PX}px)`,
          overflow: 'auto',
          bgcolor: 'background.default',
        }}
      >
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageSpinner />}>
            <RouteAuthority>
              <Outlet />
            </RouteAuthority>
          </Suspense>
        </RouteErrorBoundary>
      </Box>
    </Box>
  );
}
