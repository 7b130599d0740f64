import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { paths } from '../../../config/paths';
import { clearSession, readSession } from '../../../lib/session';
import { authApi } from '../auth-api';
import { loggedOut } from '../auth-slice';

/**
 * Logs out: tells the server (a failure is only logged), then clears session storage, resets
 * the auth, profile, kyc and dispute state and goes to /login (SPEC §4).
 */
export function useLogout(): () => Promise<void> {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(async () => {
    const session = readSession();
    if (session) {
      try {
        await authApi.logout({ email: session.user.email ?? '' });
      } catch (error) {
        console.error('Logout request failed; the local session is cleared anyway.', error);
      }
    }
    clearSession();
    dispatch(loggedOut());
    await navigate(paths.login, { replace: true });
  }, [dispatch, navigate]);
}
