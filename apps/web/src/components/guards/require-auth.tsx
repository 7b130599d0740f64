import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { endSession, readEndedSessionUser, readSession } from '../../lib/session';
import { sessionEndedState } from '../../lib/session-ended';

/**
 * Login guard: a missing or invalid session sends the visitor to /login. One that ended (still
 * stored, expired: the tab slept past its end, or was reloaded) says so there, and the same member
 * comes back here after logging in.
 */
export function RequireAuth() {
  const location = useLocation();
  const session = readSession();
  // Ended once the redirect is on its way: rendering only reads storage, so a render done twice
  // (React's strict mode) still finds whose session it was.
  useEffect(() => {
    if (!session) endSession();
  });
  if (!session) {
    const ended = readEndedSessionUser();
    return (
      <Navigate
        to={paths.login}
        replace
        state={ended ? sessionEndedState(ended, location) : undefined}
      />
    );
  }
  return <Outlet />;
}
