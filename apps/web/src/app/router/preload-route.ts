import type { Layout } from '@portal/shared';
import { i18n } from '../../lib/i18n/i18n';
import { loadPage } from './lazy-page';
import { PAGES } from './pages';
import { routeOfPath } from './route-of-path';

/** The frame of each layout with the namespaces it shows (the same chunks build-routes loads). */
const LAYOUTS: Partial<Record<Layout, { load: () => Promise<unknown>; namespaces: string[] }>> = {
  portal: { load: () => import('../layouts/portal/portal-layout'), namespaces: ['portal'] },
  console: { load: () => import('../layouts/console/console-layout'), namespaces: ['console', 'menu'] },
};

/**
 * Fetches everything the first screen of `pathname` needs (layout, page, their translations) at
 * once, so the first render finds it all loaded instead of discovering it one suspense at a time.
 * Never rejects: a failed chunk is fetched again, and reported, when the page renders.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  const route = routeOfPath(pathname);
  if (!route) return;
  const layout = LAYOUTS[route.layout];
  const page = PAGES[route.id] ?? PAGES.doing;
  await Promise.allSettled([
    layout?.load(),
    i18n.loadNamespaces(layout?.namespaces ?? []),
    page && loadPage(page),
  ]);
}
