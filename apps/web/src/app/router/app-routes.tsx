import { Suspense, useEffect, useMemo } from 'react';
import { useLocation, useNavigate, useRoutes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../components/page-spinner';
import { registerNavigate } from '../../lib/navigation';
import { buildRoutes } from './build-routes';
import { PAGES } from './pages';
import { RouteErrorBoundary } from './route-error-boundary';
import { routeOfPath } from './route-of-path';

/**
 * The routes of the app inside the hash router, plus what every route shares: the top of the page
 * on navigation, an error boundary, the non-React navigate of the api client, and leaving a page
 * that does not exist in the chosen language (fraud prevention is zh-TW only).
 */
export function AppRoutes() {
  const routesOf = useMemo(() => buildRoutes(PAGES), []);
  const { pathname } = useLocation();
  const route = routeOfPath(pathname);
  const element = useRoutes(routesOf(route));
  const navigate = useNavigate();
  const { i18n } = useTranslation();

  useEffect(() => {
    registerNavigate((path) => navigate(path));
  }, [navigate]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  useEffect(() => {
    const languages = route?.languages;
    if (languages && !languages.includes(i18n.language)) navigate('/', { replace: true });
  }, [i18n.language, route, navigate]);

  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageSpinner minHeight="100vh" />}>{element}</Suspense>
    </RouteErrorBoundary>
  );
}
