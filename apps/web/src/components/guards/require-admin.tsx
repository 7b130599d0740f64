import { Navigate, Outlet } from 'react-router';
import { paths } from '../../config/paths';
import { isAdminUser } from '../../lib/roles';
import { readSession } from '../../lib/session';

/** Admin-only routes: anyone else is sent to /kyc (SPEC §2). Nest inside RequireAuth. */
export function RequireAdmin() {
  const session = readSession();
  if (!session) return <Navigate to={paths.login} replace />;
  if (!isAdminUser(session.user)) return <Navigate to={paths.kyc} replace />;
  return <Outlet />;
}
