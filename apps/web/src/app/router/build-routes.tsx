import { lazy, useMemo } from 'react';
import type { RouteObject } from 'react-router';
import { type Layout, ROUTES, type RouteSetting, getRoute } from '@portal/shared';
import { lazyPage } from './lazy-page';
import type { PageLoader } from './pages';
import { RequireSignIn } from './require-sign-in';
import { StatusPage } from './status-page';

// The layouts are chunks of their own: a Home visitor never downloads the console's shell.
const PortalLayout = lazy(() => import('../layouts/portal/portal-layout'));
const ConsoleLayout = lazy(() => import('../layouts/console/console-layout'));
const OpsLayout = lazy(() => import('../layouts/ops/ops-layout'));

function Page({ loader }: { loader: PageLoader }) {
  // Chosen once per loader: switching from the lazy wrapper to the loaded component would remount.
  const Component = useMemo(() => lazyPage(loader), [loader]);
  return <Component />;
}

/**
 * The router's routes, built from the shared route table: every route id gets its page, or the
 * work-in-progress page while it has none. A page registered under an id the table does not know
 * throws "Found no match route setting!". The console layout checks each route's authority.
 */
export function buildRoutes(pages: Record<string, PageLoader>): RouteObject[] {
  for (const id of Object.keys(pages)) getRoute(id);
  const placeholder = pages.doing;
  if (!placeholder) throw new Error('The /doing placeholder page must be registered');

  const routesOf = (layout: Layout): RouteObject[] =>
    ROUTES.filter((setting: RouteSetting) => setting.layout === layout).map((setting) => ({
      id: setting.id,
      path: setting.path,
      element: <Page loader={pages[setting.id] ?? placeholder} />,
    }));

  return [
    {
      element: <PortalLayout />,
      children: [...routesOf('portal'), { path: '*', element: <StatusPage kind="notFound" /> }],
    },
    {
      element: (
        <RequireSignIn>
          <ConsoleLayout />
        </RequireSignIn>
      ),
      children: routesOf('console'),
    },
    // The provider's operations console: its pages check the staff session themselves.
    { element: <OpsLayout />, children: routesOf('ops') },
  ];
}
