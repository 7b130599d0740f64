import type { LoginState } from '../config/paths';
import type { SessionUser } from './session';

export const SESSION_ENDED_NOTICE = 'Your session has ended. Please log in again.';

/**
 * What /login is handed when the app sends someone there because their session ended (it
 * expired, or the server stopped taking it: a password changed elsewhere), not a logout: the
 * notice, their address, and the page they were on for the same member to return to.
 */
export function sessionEndedState(
  user: SessionUser,
  where: { pathname: string; search: string },
): LoginState {
  return {
    notice: SESSION_ENDED_NOTICE,
    ...(user.email ? { email: user.email } : {}),
    returnTo: { path: `${where.pathname}${where.search}`, userId: user.id },
  };
}
