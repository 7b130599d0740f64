import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { checkSession } from '../../lib/session';

/** Login guard: an invalid or missing session is cleared and the visitor sent to /login. */
export function RequireAuth() {
  const location = useLocation();
  const session = checkSession();
  if (!session) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={paths.login} replace state={{ from }} />;
  }
  return <Outlet />;
}
