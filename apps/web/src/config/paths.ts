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
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** The signup screen with "Pet sitter" chosen: where every "Become a sitter" link goes. */
export const signUpAsSitter = `${paths.signUp}?role=provider`;

/** What /login may be handed in router state (never in the URL): a notice, the address to fill. */
export type LoginState = { notice?: string; email?: string };

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

/** Paths without parameters, for suggesting the right spelling of a mistyped address. */
export const STATIC_PATHS: string[] = Object.values(paths).filter((p) => !p.includes(':'));
