import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isPublicPath, paths } from '../config/paths';
import { loggedIn, loggedOut } from '../features/auth/auth-slice';
import { clearSession, readSession, scheduleSessionExpiry } from '../lib/session';
import { useAppDispatch, useAppSelector } from './hooks';

/**
 * Keeps the auth state in step with the stored session and ends the session when it expires
 * (SPEC §4: a timer clears the session at expiry).
 */
export function SessionWatcher() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const token = useAppSelector((state) => state.auth.token);

  useEffect(() => {
    const session = readSession();
    if (!session && token) {
      clearSession();
      dispatch(loggedOut());
    } else if (session && session.token !== token) {
      dispatch(loggedIn(session));
    }
  }, [pathname, token, dispatch]);

  useEffect(() => {
    const session = readSession();
    if (!session) return undefined;
    return scheduleSessionExpiry(session, () => {
      clearSession();
      dispatch(loggedOut());
      if (!isPublicPath(window.location.pathname)) void navigate(paths.login, { replace: true });
    });
  }, [token, dispatch, navigate]);

  return null;
}
