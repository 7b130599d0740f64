import { lazyScreen } from '../lib/lazy-screen';

// One screen = one lazily loaded module (its own chunk). Later features replace the files.

// The home page uses only the components whose CSS is in the entry (app/styles/first-paint.css).
export const HomeScreen = lazyScreen(() => import('../features/public/screens/home-screen'), {
  firstPaintStylesOnly: true,
});
export const HowItWorksScreen = lazyScreen(
  () => import('../features/public/screens/how-it-works-screen'),
);
export const PrivacyPolicyScreen = lazyScreen(
  () => import('../features/public/screens/privacy-policy-screen'),
);
export const TermsOfUseScreen = lazyScreen(
  () => import('../features/public/screens/terms-of-use-screen'),
);
export const ContactUsScreen = lazyScreen(
  () => import('../features/public/screens/contact-us-screen'),
);
export const NotFoundScreen = lazyScreen(
  () => import('../features/public/screens/not-found-screen'),
);

// The login screen brings the few styles it adds to the first-paint ones (login-screen.css).
export const LoginScreen = lazyScreen(() => import('../features/auth/screens/login-screen'), {
  firstPaintStylesOnly: true,
});
export const SignupScreen = lazyScreen(() => import('../features/auth/screens/signup-screen'));
export const ForgotPasswordScreen = lazyScreen(
  () => import('../features/auth/screens/forgot-password-screen'),
);
export const SettingsScreen = lazyScreen(() => import('../features/auth/screens/settings-screen'));

export const AdminDashboardScreen = lazyScreen(
  () => import('../features/dashboard/screens/admin-dashboard-screen'),
);
export const UserDashboardScreen = lazyScreen(
  () => import('../features/dashboard/screens/user-dashboard-screen'),
);
export const DashboardDemoScreen = lazyScreen(
  () => import('../features/dashboard/screens/dashboard-demo-screen'),
);
export const MemberScreen = lazyScreen(() => import('../features/members/screens/member-screen'));
export const AdminScreen = lazyScreen(() => import('../features/members/screens/members-screen'));

export const KycScreen = lazyScreen(() => import('../features/kyc/screens/kyc-screen'));
export const KycListingScreen = lazyScreen(
  () => import('../features/kyc/screens/kyc-listing-screen'),
);
export const KycUserScreen = lazyScreen(() => import('../features/kyc/screens/kyc-user-screen'));

export const BookingsScreen = lazyScreen(
  () => import('../features/bookings/screens/bookings-screen'),
);
export const BookingDetailsScreen = lazyScreen(
  () => import('../features/bookings/screens/booking-details-screen'),
);
export const RequestPageScreen = lazyScreen(
  () => import('../features/bookings/screens/request-page-screen'),
);
export const RequestFormScreen = lazyScreen(
  () => import('../features/bookings/screens/request-form-screen'),
);
export const CheckoutScreen = lazyScreen(
  () => import('../features/bookings/screens/checkout-screen'),
);

export const PetSittersScreen = lazyScreen(
  () => import('../features/sitters/screens/pet-sitters-screen'),
);
export const PetSitterScreen = lazyScreen(
  () => import('../features/sitters/screens/pet-sitter-screen'),
);
export const ProfileScreen = lazyScreen(() => import('../features/profile/screens/profile-screen'));
export const PetDetailsScreen = lazyScreen(
  () => import('../features/pets/screens/pet-details-screen'),
);

export const DisputesScreen = lazyScreen(
  () => import('../features/disputes/screens/disputes-screen'),
);
export const DisputeScreen = lazyScreen(
  () => import('../features/disputes/screens/dispute-screen'),
);
export const AdminDisputesScreen = lazyScreen(
  () => import('../features/disputes/screens/admin-disputes-screen'),
);
export const AdminDisputeScreen = lazyScreen(
  () => import('../features/disputes/screens/admin-dispute-screen'),
);

export const ContactMessagesScreen = lazyScreen(
  () => import('../features/contact-inbox/screens/contact-messages-screen'),
);

export const ChatRoomScreen = lazyScreen(() => import('../features/chat/screens/chat-room-screen'));

export const PackagesScreen = lazyScreen(
  () => import('../features/packages/screens/packages-screen'),
);
export const SubscribeScreen = lazyScreen(
  () => import('../features/billing/screens/subscribe-screen'),
);
export const PaymentSuccessScreen = lazyScreen(
  () => import('../features/billing/screens/payment-success-screen'),
);
export const PaymentCancelScreen = lazyScreen(
  () => import('../features/billing/screens/payment-cancel-screen'),
);
export const CouponsScreen = lazyScreen(() => import('../features/coupons/screens/coupons-screen'));
