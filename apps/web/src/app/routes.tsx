import type { RouteObject } from 'react-router';
import { AdminsOnlyNote } from '../components/guards/admins-only-note';
import { RequireAdmin } from '../components/guards/require-admin';
import { RequireAuth } from '../components/guards/require-auth';
import { RouteErrorBoundary } from '../components/ui/route-error';
import { paths } from '../config/paths';
import { RootLayout } from './root-layout';
import * as S from './screens';

const publicRoutes: RouteObject[] = [
  { path: paths.home, element: <S.HomeScreen /> },
  { path: paths.login, element: <S.LoginScreen /> },
  { path: paths.signUp, element: <S.SignupScreen /> },
  { path: paths.howItWorks, element: <S.HowItWorksScreen /> },
  { path: paths.privacyPolicy, element: <S.PrivacyPolicyScreen /> },
  { path: paths.contactUs, element: <S.ContactUsScreen /> },
  { path: paths.termsOfUse, element: <S.TermsOfUseScreen /> },
  { path: paths.forgotPassword, element: <S.ForgotPasswordScreen /> },
];

const guardedRoutes: RouteObject[] = [
  { path: paths.settingsDemo, element: <S.SettingsScreen /> },
  { path: paths.dashboardDemo, element: <S.DashboardDemoScreen /> },
  { path: paths.kyc, element: <S.KycScreen /> },
  { path: paths.bookings, element: <S.BookingsScreen /> },
  { path: paths.petSitters, element: <S.PetSittersScreen /> },
  { path: paths.petSitter, element: <S.PetSitterScreen /> },
  { path: paths.profile, element: <S.ProfileScreen /> },
  { path: paths.settings, element: <S.SettingsScreen /> },
  { path: paths.dispute, element: <S.DisputeScreen /> },
  { path: paths.disputes, element: <S.DisputesScreen /> },
  { path: paths.bookingDetails, element: <S.BookingDetailsScreen /> },
  { path: paths.petDetails, element: <S.PetDetailsScreen /> },
  { path: paths.userDashboard, element: <S.UserDashboardScreen /> },
  { path: paths.requestPage, element: <S.RequestPageScreen /> },
  { path: paths.checkout, element: <S.CheckoutScreen /> },
  { path: paths.requestForm, element: <S.RequestFormScreen /> },
  { path: paths.chatRoom, element: <S.ChatRoomScreen /> },
  { path: paths.packages, element: <S.PackagesScreen /> },
  { path: paths.subscribe, element: <S.SubscribeScreen /> },
  { path: paths.paymentSuccess, element: <S.PaymentSuccessScreen /> },
  { path: paths.paymentCancel, element: <S.PaymentCancelScreen /> },
  { path: paths.coupons, element: <S.CouponsScreen /> },
];

/** Admin screens any signed-in user may open (SPEC §2): others get a note (AdminsOnlyNote). */
const adminScreens: RouteObject[] = [
  { path: paths.admin, element: <S.AdminScreen /> },
  { path: paths.member, element: <S.MemberScreen /> },
  { path: paths.dashboard, element: <S.AdminDashboardScreen /> },
  { path: paths.adminDispute, element: <S.AdminDisputeScreen /> },
];

/** The review of one member's documents: the member themself is pointed to /kyc. */
const kycReview: RouteObject[] = [{ path: paths.kycUser, element: <S.KycUserScreen /> }];
const ownKyc = { param: 'userId', to: paths.kyc, label: 'See your own verification' };

const adminRoutes: RouteObject[] = [
  { path: paths.kycListing, element: <S.KycListingScreen /> },
  { path: paths.adminDisputes, element: <S.AdminDisputesScreen /> },
  { path: paths.adminMessages, element: <S.ContactMessagesScreen /> },
];

/** SPEC §2 spells paths with their case (/SignUp, /Settings): match them exactly. */
function exact(list: RouteObject[]): RouteObject[] {
  return list.map((route) => ({ ...route, caseSensitive: true }));
}

/** Every route of SPEC §2. Paths are case-sensitive, as the spec writes them. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <RouteErrorBoundary />,
        children: [
          ...exact(publicRoutes),
          {
            element: <RequireAuth />,
            children: [
              ...exact(guardedRoutes),
              { element: <AdminsOnlyNote />, children: exact(adminScreens) },
              { element: <AdminsOnlyNote ownPage={ownKyc} />, children: exact(kycReview) },
              { element: <RequireAdmin />, children: exact(adminRoutes) },
            ],
          },
          { path: '*', element: <S.NotFoundScreen /> },
        ],
      },
    ],
  },
];
