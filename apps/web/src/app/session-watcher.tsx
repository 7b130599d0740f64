import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isPublicPath, paths } from '../config/paths';
import { loggedIn, loggedOut } from '../features/auth/auth-slice';
import { setUnauthorizedHandler } from '../lib/http';
import {
  endSession,
  readEndedSessionUser,
  readSession,
  scheduleSessionExpiry,
} from '../lib/session';
import { sessionEndedState } from '../lib/session-ended';
import { useAppDispatch, useAppSelector } from './hooks';

/**
 * Keeps the auth state in step with the stored session and ends the session when it expires
 * (SPEC §4: a timer clears the session at expiry) or the server stops taking it (a 401). Either
 * way the member lands on /login told why, with the page they were on to come back to.
 */
export function SessionWatcher() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const { pathname } = location;
  const token = useAppSelector((state) => state.auth.token);
  // Read when the session ends, which comes later than the render that armed the timer.
  const here = useRef(location);
  useEffect(() => {
    here.current = location;
  }, [location]);

  useEffect(() => {
    const session = readSession();
    if (!session && token) {
      endSession();
      dispatch(loggedOut());
    } else if (session && session.token !== token) {
      dispatch(loggedIn(session));
    }
  }, [pathname, token, dispatch]);

  useEffect(() => {
    const session = readSession();
    if (!session) return undefined;
    return scheduleSessionExpiry(session, () => {
      endSession();
      dispatch(loggedOut());
      if (!isPublicPath(here.current.pathname))
        void navigate(paths.login, {
          replace: true,
          state: sessionEndedState(session.user, here.current),
        });
    });
  }, [token, dispatch, navigate]);

  // A 401 on an authenticated call: the session died on the server (it expired, or the password
  // was changed in another tab or device). http.ts has ended it in storage already.
  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        dispatch(loggedOut());
        // Calls still on their way when a logout (or an earlier 401) got here: nothing to add.
        if (here.current.pathname === paths.login) return;
        const ended = readEndedSessionUser();
        void navigate(paths.login, {
          replace: true,
          state: ended ? sessionEndedState(ended, here.current) : undefined,
        });
      }),
    [dispatch, navigate],
  );

  return null;
}
