import { useNavigate } from 'react-router';
import { logout } from '../../../lib/session/session-actions';
import { useSession } from '../../../lib/session/use-session';

/**
 * The login or logout item: shown once the stored token has been checked (spec section 4: "ready
 * plus logged in"), so a stale token never flashes a logout button.
 */
export function usePortalAuth() {
  const { token, checked } = useSession();
  const navigate = useNavigate();
  return {
    ready: checked,
    loggedIn: Boolean(token),
    logout: async () => {
      await logout();
      navigate('/');
    },
  };
}
