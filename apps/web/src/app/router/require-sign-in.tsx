import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useIsLoggedIn } from '../../lib/session/use-session';

/** Console routes need a session; without one the visitor goes to the login page. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const loggedIn = useIsLoggedIn();
  const location = useLocation();
  if (!loggedIn) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}
