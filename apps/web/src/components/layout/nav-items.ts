import { matchPath } from 'react-router';
import { paths } from '../../config/paths';
import { isAdminUser, isProviderUser, type RoleCarrier } from '../../lib/roles';

/** `details`: the route patterns of the list's records, which highlight the list's item too. */
export type NavItem = { label: string; to: string; details?: string[] };

/**
 * The item is the current page on its own path and on its records' pages. Exact matching, not
 * react-router's prefix match: that took /dashboard/kyc/user/… for the Dashboard and
 * /admin/dispute/… for Members (/admin).
 */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  return [item.to, ...(item.details ?? [])].some(
    (pattern) => matchPath({ path: pattern, end: true }, pathname) !== null,
  );
}

/** Main navigation for who is looking: visitor, pet owner, sitter (provider) or admin. */
export function getNavItems(user: RoleCarrier): NavItem[] {
  if (!user) {
    return [
      { label: 'How it works', to: paths.howItWorks },
      { label: 'Find a sitter', to: paths.petSitters, details: [paths.petSitter] },
    ];
  }
  if (isAdminUser(user)) {
    return [
      { label: 'Dashboard', to: paths.dashboard },
      { label: 'Members', to: paths.admin, details: [paths.member] },
      { label: 'KYC', to: paths.kycListing, details: [paths.kycUser] },
      { label: 'Disputes', to: paths.adminDisputes, details: [paths.adminDispute] },
      { label: 'Messages', to: paths.adminMessages },
      { label: 'Coupons', to: paths.coupons },
      { label: 'Packages', to: paths.packages },
    ];
  }
  if (isProviderUser(user)) {
    return [
      { label: 'Requests', to: paths.requestPage },
      { label: 'Bookings', to: paths.bookings, details: [paths.bookingDetails] },
      { label: 'Messages', to: paths.chatRoom },
      { label: 'Dashboard', to: paths.userDashboard },
    ];
  }
  return [
    { label: 'Find sitters', to: paths.petSitters, details: [paths.petSitter] },
    { label: 'Bookings', to: paths.bookings, details: [paths.bookingDetails] },
    { label: 'Messages', to: paths.chatRoom },
    { label: 'Pets', to: paths.petDetails },
    { label: 'Packages', to: paths.packages },
    { label: 'Dashboard', to: paths.userDashboard },
  ];
}

/**
 * The account menu's links besides Profile and Settings: a sitter's public page, a member's
 * identity check and disputes.
 */
export function getAccountItems(user: (RoleCarrier & { id?: unknown }) | null): NavItem[] {
  if (!user || isAdminUser(user)) return [];
  // A sitter sees her page (reviews, rates, hours) as owners do.
  const publicPage =
    isProviderUser(user) && typeof user.id === 'string' && user.id
      ? [{ label: 'My public page', to: paths.petSitter.replace(':id', user.id) }]
      : [];
  return [
    ...publicPage,
    { label: 'Identity check', to: paths.kyc },
    { label: 'My disputes', to: paths.disputes },
  ];
}
