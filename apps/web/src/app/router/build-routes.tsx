import { type ReactElement, useMemo } from 'react';
import type { RouteObject } from 'react-router';
import { type Layout, type RouteId, type RouteSetting, getRoute } from '@portal/shared';
import { LAYOUTS } from './layouts';
import { type PageLoader, type PageLoaders, lazyPage } from './lazy-page';
import { RequireSignIn } from './require-sign-in';
import { StatusPage } from './status-page';

/** A lazily loaded layout or page, rendered at once when it is loaded already. */
function LazyModule({ loader }: { loader: PageLoader }) {
  // Chosen once per loader: switching from the lazy wrapper to the loaded component would remount.
  const Component = useMemo(() => lazyPage(loader), [loader]);
  return <Component />;
}

/** The frame of each layout; console pages need a session, ops pages check the staff session. */
const FRAMES: Record<Layout, ReactElement> = {
  portal: <LazyModule loader={LAYOUTS.portal} />,
  console: (
    <RequireSignIn>
      <LazyModule loader={LAYOUTS.console} />
    </RequireSignIn>
  ),
  ops: <LazyModule loader={LAYOUTS.ops} />,
};

const NOT_FOUND: RouteObject[] = [
  { element: FRAMES.portal, children: [{ path: '*', element: <StatusPage kind="notFound" /> }] },
];

/**
 * The router's routes, built from the shared route table: every route id gets its page, or the
 * work-in-progress page while it has none. A page registered under an id the table does not know
 * throws "Found no match route setting!". The console layout checks each route's authority.
 *
 * The result gives the routes for one route setting: its layout with its page at its path, or
 * the portal's not-found page for no setting. The app finds the setting itself (routeOfPath,
 * compiled once), so react-router matches one route per render instead of ranking the whole
 * table each time, which on a phone was the longest piece of the first render.
 */
export function buildRoutes(pages: PageLoaders): (route: RouteSetting | undefined) => RouteObject[] {
  for (const id of Object.keys(pages)) getRoute(id as RouteId);
  const placeholder = pages.doing;
  if (!placeholder) throw new Error('The /doing placeholder page must be registered');

  const cache = new Map<string, RouteObject[]>();
  return (route) => {
    if (!route) return NOT_FOUND;
    let routes = cache.get(route.id);
    if (!routes) {
      routes = [
        {
          element: FRAMES[route.layout],
          children: [
            {
              id: route.id,
              path: route.path,
              element: <LazyModule loader={pages[route.id] ?? placeholder} />,
            },
          ],
        },
      ];
      cache.set(route.id, routes);
    }
    return routes;
  };
}
