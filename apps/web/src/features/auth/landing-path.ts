import { paths } from '../../config/paths';
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
