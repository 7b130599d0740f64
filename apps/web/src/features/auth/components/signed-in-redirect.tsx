import { useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { isAdminUser } from '../../../lib/roles';
import { readSession } from '../../../lib/session';
import { fetchKycVerified, landingPath } from '../landing-path';

/**
 * /login and /SignUp for someone already signed in: straight to where a login would take them
 * (SPEC §2), without the login's three seconds. Only the session found on arrival counts, so a
 * login made on this screen keeps its success message and its wait.
 */
export function SignedInRedirect({ children }: { children: ReactNode }) {
  const [session] = useState(() => readSession());
  const [target, setTarget] = useState<string | null>(() =>
    session && isAdminUser(session.user) ? landingPath(session.user, false) : null,
  );

  useEffect(() => {
    if (!session || target) return undefined;
    let isCurrent = true;
    void fetchKycVerified().then((isVerified) => {
      if (isCurrent) setTarget(landingPath(session.user, isVerified));
    });
    return () => {
      isCurrent = false;
    };
  }, [session, target]);

  if (!session) return children;
  if (target) return <Navigate to={target} replace />;
  return <ScreenLoader label="You are signed in: opening your account…" />;
}
