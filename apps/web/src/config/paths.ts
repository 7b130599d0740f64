import { matchPath } from 'react-router';

/** Every route of the app (SPEC §2), in one place. Path case matters: /SignUp, /Settings… */
export const paths = {
  home: '/',
  login: '/login',
  signUp: '/SignUp',
  howItWorks: '/How-it-works',
  privacyPolicy: '/privacy-policy',
  contactUs: '/contact-us',
  termsOfUse: '/terms-of-use',
  forgotPassword: '/forgot-password',

  settingsDemo: '/settingsdemo',
  dashboardDemo: '/dashboarddemo',
  kyc: '/kyc',
  bookings: '/bookings',
  petSitters: '/petSitters',
  petSitter: '/petSitters/:id',
  profile: '/profile',
  settings: '/Settings',
  dispute: '/dispute/:disputeId',
  disputes: '/dispute',
  admin: '/admin',
  bookingDetails: '/booking-details/:id',
  adminDispute: '/admin/dispute/:disputeId',
  petDetails: '/pet-details',
  dashboard: '/dashboard',
  userDashboard: '/user-dashboard',
  requestPage: '/request-page',
  checkout: '/checkout',
  requestForm: '/request-form',
  chatRoom: '/chat-room',
  kycUser: '/dashboard/kyc/user/:userId',
  member: '/dashboard/member/:memberId',
  packages: '/packages',
  subscribe: '/subscribe',
  paymentSuccess: '/payment-success',
  paymentCancel: '/payment-cancel',
  coupons: '/coupons',

  kycListing: '/kyclisting',
  adminDisputes: '/admin/disputes',
  adminMessages: '/admin/messages',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** The signup screen with "Pet sitter" chosen: where every "Become a sitter" link goes. */
export const signUpAsSitter = `${paths.signUp}?role=provider`;

/**
 * What /login may be handed in router state (never in the URL): a notice, the address to fill,
 * and — after a session ended mid-use — where it was and whose it was, to go back there.
 */
export type LoginState = {
  notice?: string;
  email?: string;
  returnTo?: { path: string; userId: string };
};

/** Fills `:param` placeholders: toPath(paths.petSitter, { id }) → /petSitters/abc. */
export function toPath(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
}

const PUBLIC_PATHS = new Set<string>([
  paths.home,
  paths.login,
  paths.signUp,
  paths.howItWorks,
  paths.privacyPolicy,
  paths.contactUs,
  paths.termsOfUse,
  paths.forgotPassword,
]);

/** Pages anyone may see without a session. */
export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.has(pathname);
}

/** Screens only admins use: the first three send anyone else to /kyc, the others show a note. */
const ADMIN_PATHS: string[] = [
  paths.kycListing,
  paths.adminDisputes,
  paths.adminMessages,
  paths.admin,
  paths.member,
  paths.dashboard,
  paths.adminDispute,
  paths.kycUser,
];

/** Who a page behind the login guard is for; null for a public page or no page of the app. */
export function guardedPathAudience(pathname: string): 'members' | 'admins' | null {
  if (isPublicPath(pathname)) return null;
  const matches = (pattern: string) =>
    matchPath({ path: pattern, caseSensitive: true, end: true }, pathname) !== null;
  if (ADMIN_PATHS.some(matches)) return 'admins';
  return Object.values(paths).some(matches) ? 'members' : null;
}

/** Paths without parameters, for suggesting the right spelling of a mistyped address. */
export const STATIC_PATHS: string[] = Object.values(paths).filter((p) => !p.includes(':'));
