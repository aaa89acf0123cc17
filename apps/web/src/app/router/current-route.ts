import { routeOfPath } from './route-of-path';

/** The path of the hash route the browser shows now ("#/login?x=1" gives "/login"). */
export function currentHashPath(): string {
  const hash = window.location.hash.replace(/^#/, '');
  const path = hash.split(/[?#]/)[0] ?? '';
  return path.startsWith('/') ? path : `/${path}`;
}

/** The log code of the route on screen, read at call time so it is right before any effect runs. */
export function currentRouteLogCode(): number | undefined {
  return routeOfPath(currentHashPath())?.logCode;
}
