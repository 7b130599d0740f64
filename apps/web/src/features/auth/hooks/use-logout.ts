import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { paths } from '../../../config/paths';
import { clearSession, readSession } from '../../../lib/session';
import { authApi } from '../auth-api';
import { loggedOut } from '../auth-slice';

type LogoutOptions = {
  /** The server has already ended every session (a closed account): nothing to tell it. */
  serverDone?: boolean;
  /** Where to land; /login unless said. */
  to?: string;
};

/**
 * Logs out: tells the server (a failure is only logged), then clears session storage, resets
 * the persisted areas and goes to /login (SPEC §4). The one place that knows what "signed out
 * on this tab" means; closing an account uses it with the server's half already done.
 */
export function useLogout(): (options?: LogoutOptions) => Promise<void> {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(
    async ({ serverDone = false, to = paths.login }: LogoutOptions = {}) => {
      const session = serverDone ? null : readSession();
      if (session) {
        try {
          await authApi.logout({ email: session.user.email ?? '' });
        } catch (error) {
          console.error('Logout request failed; the local session is cleared anyway.', error);
        }
      }
      clearSession();
      dispatch(loggedOut());
      await navigate(to, { replace: true });
    },
    [dispatch, navigate],
  );
}
