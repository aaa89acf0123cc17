import { LAYOUTS } from './layouts';
import { loadPage } from './lazy-page';
import { PAGES } from './pages';
import { routeOfPath } from './route-of-path';

/**
 * Fetches everything the first screen of `pathname` needs (layout, page, their translations) at
 * once, so the first render finds it all loaded instead of discovering it one suspense at a time.
 * Never rejects: a failed chunk is fetched again, and reported, when the page renders.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  const route = routeOfPath(pathname);
  // A path of no route shows the not-found page in the portal frame.
  const page = route ? (PAGES[route.id] ?? PAGES.doing) : undefined;
  await Promise.allSettled([loadPage(LAYOUTS[route?.layout ?? 'portal']), page && loadPage(page)]);
}
