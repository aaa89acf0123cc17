/**
 * The log code of the route the user is on (spec section 2), sent as X-LOG-CODE. The router
 * registers a resolver reading its current location, so a call made while a page renders carries
 * the code of that page even before any effect has run.
 */
let resolver: () => number | undefined = () => undefined;

export function registerLogCodeResolver(resolve: () => number | undefined): void {
  resolver = resolve;
}

export function currentLogCode(): number | undefined {
  return resolver();
}
