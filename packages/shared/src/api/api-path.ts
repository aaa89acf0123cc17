import type { API_ROUTES } from './api-routes.js';

/** One route the API serves: `POST /disks/:uuid/link`. */
export type ApiRoute = (typeof API_ROUTES)[number];
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A route's path with each parameter (`:uuid`, `*`) as any text: what a call may send. A type
 * cannot say "text without a slash", so a parameter may stand for more than one segment: the
 * check catches a misspelt or missing segment, not one too many.
 */
type Filled<P extends string> = P extends `${infer A}:${string}/${infer R}`
  ? `${A}${string}/${Filled<R>}`
  : P extends `${infer A}:${string}`
    ? `${A}${string}`
    : P extends `${infer A}*`
      ? `${A}${string}`
      : P;

/**
 * The paths (below /api) a call of this method may name: a misspelt path (`/disk/${id}/link`)
 * fails the type check, because no route of the API serves it.
 */
export type ApiPath<M extends ApiMethod> = ApiRoute extends infer R
  ? R extends `${M} ${infer P}`
    ? Filled<P>
    : never
  : never;
