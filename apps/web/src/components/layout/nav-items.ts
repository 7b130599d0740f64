import { paths } from '../../config/paths';
import { isAdminUser, isProviderUser, type RoleCarrier } from '../../lib/roles';

export type NavItem = { label: string; to: string };

/** Main navigation for who is looking: visitor, pet owner, sitter (provider) or admin. */
export function getNavItems(user: RoleCarrier): NavItem[] {
  if (!user) {
    return [
      { label: 'How it works', to: paths.howItWorks },
      { label: 'Find a sitter', to: paths.petSitters },
    ];
  }
  if (isAdminUser(user)) {
    return [
      { label: 'Dashboard', to: paths.dashboard },
      { label: 'Members', to: paths.admin },
      { label: 'KYC', to: paths.kycListing },
      { label: 'Disputes', to: paths.adminDisputes },
      { label: 'Coupons', to: paths.coupons },
      { label: 'Packages', to: paths.packages },
    ];
  }
  if (isProviderUser(user)) {
    return [
      { label: 'Requests', to: paths.requestPage },
      { label: 'Bookings', to: paths.bookings },
      { label: 'Messages', to: paths.chatRoom },
      { label: 'Dashboard', to: paths.userDashboard },
    ];
  }
  return [
    { label: 'Find sitters', to: paths.petSitters },
    { label: 'Bookings', to: paths.bookings },
    { label: 'Messages', to: paths.chatRoom },
    { label: 'Pets', to: paths.petDetails },
    { label: 'Packages', to: paths.packages },
    { label: 'Dashboard', to: paths.userDashboard },
  ];
}
