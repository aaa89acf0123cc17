import { prefetchNamespaces } from '../../lib/i18n/i18n';
import { PAGES } from './pages';
import { routeOfPath } from './route-of-path';

/**
 * On the first load of a public page, start its layout, its page and their translations at once.
 * Left to React they load as a chain (translations, then layout, then its translations, then the
 * page, then its translations), each waiting a round trip for the one before: the slowest part of
 * Home's first paint on a phone network. Failures are left to the real load, which reports them.
 */
export function prefetchFirstPage(hashPath: string, language: string): void {
  const route = routeOfPath(hashPath.split('?')[0] || '/');
  if (route?.layout !== 'portal') return;
  void import('../layouts/portal/portal-layout').catch(() => undefined);
  void (PAGES[route.id] ?? PAGES.doing)?.().catch(() => undefined);
  // Pages whose namespace is their route id (home, login, the legal pages) get theirs too.
  prefetchNamespaces(language, ['common', 'portal', route.id]);
}
