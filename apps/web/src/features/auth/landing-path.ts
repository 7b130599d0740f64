import { guardedPathAudience, paths, type LoginState } from '../../config/paths';
import { isAdminUser } from '../../lib/roles';
import type { SessionUser } from '../../lib/session';
import { profileApi } from '../profile';

/** An answer without the user (older servers) falls back to the profile; unknown means false. */
export function fetchKycVerified(): Promise<boolean> {
  return profileApi.fetch().then(
    (profile) => profile.KYC_verified === true,
    () => false,
  );
}

/** SPEC §2: after login an admin goes to /dashboard, an unverified member to /kyc, others on. */
export function landingPath(user: SessionUser, isKycVerified: boolean): string {
  if (isAdminUser(user)) return paths.dashboard;
  return isKycVerified ? paths.userDashboard : paths.kyc;
}

/**
 * Where a login goes back to after a session ended mid-use: the page it was on, when the same
 * member logs in again and the page is one behind the login guard they may see. null: a plain
 * login, which lands as SPEC §2 says.
 */
export function returnPath(returnTo: LoginState['returnTo'], user: SessionUser): string | null {
  if (!returnTo || returnTo.userId !== user.id) return null;
  const pathname = returnTo.path.replace(/[?#].*$/, '');
  const audience = guardedPathAudience(pathname);
  if (audience === null || (audience === 'admins' && !isAdminUser(user))) return null;
  return returnTo.path;
}
