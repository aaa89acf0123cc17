/**
 * Lets non-React code (the api client on a 401) move the user to another route. The app registers
 * the router's navigate at start; until then a hash change does the same for a hash router.
 */
type Navigate = (path: string) => void;

let navigateImpl: Navigate = (path) => {
  window.location.hash = `#${path}`;
};

export function registerNavigate(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(path: string): void {
  navigateImpl(path);
}
