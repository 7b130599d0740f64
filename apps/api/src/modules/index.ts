import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/auth.routes.ts';
import { createUserRoutes } from './users/users.routes.ts';
import { sittersRoutes } from './sitters/sitters.routes.ts';
import { dashboardRoutes } from './dashboard/dashboard.routes.ts';
import { petRoutes } from './pets/pets.routes.ts';
import { notificationRoutes } from './notifications/notifications.routes.ts';
import { bookingsRoutes } from './bookings/bookings.routes.ts';
import { creditsRoutes } from './credits/credits.routes.ts';
import { reviewsRoutes } from './reviews/reviews.routes.ts';
import { contactRoutes } from './contact/contact.routes.ts';
import { hasPendingKyc, kycRoutes } from './kyc/index.ts';
import { messagesRoutes } from './messages/messages.routes.ts';
import { disputesRoutes } from './disputes/index.ts';
import { couponsRoutes } from './coupons/index.ts';
import { packagesRoutes } from './packages/index.ts';
import { adminDashboardRoutes } from './admin/index.ts';
import { membersRoutes } from './members/index.ts';
import { auditRoutes } from './audit/index.ts';
import { paymentsRoutes, stripeRoutes, stripeWebhookRoutes } from './billing/index.ts';
import { availabilityRoutes } from './availability/index.ts';
import { accountsRoutes } from './accounts/index.ts';

/**
 * Every API area, mounted under /api. Each area adds one line here; its routes file declares
 * the exact paths of SPEC §7 relative to the prefix.
 */
export const apiModules: { prefix: string; routes: FastifyPluginAsync }[] = [
  { prefix: '/auth', routes: authRoutes },
  // Users cannot import KYC (KYC imports users), so the profile's identity lock is handed in.
  { prefix: '/user', routes: createUserRoutes({ isIdentityUnderReview: hasPendingKyc }) },
  { prefix: '/user', routes: sittersRoutes },
  { prefix: '/user', routes: dashboardRoutes },
  { prefix: '/user', routes: accountsRoutes },
  { prefix: '/pets', routes: petRoutes },
  { prefix: '/notifications', routes: notificationRoutes },
  { prefix: '/booking', routes: bookingsRoutes },
  { prefix: '/userCredit', routes: creditsRoutes },
  { prefix: '/crud', routes: reviewsRoutes },
  { prefix: '/contact', routes: contactRoutes },
  { prefix: '/kyc', routes: kycRoutes },
  { prefix: '/messages', routes: messagesRoutes },
  { prefix: '/dispute', routes: disputesRoutes },
  { prefix: '/coupons', routes: couponsRoutes },
  { prefix: '/packages', routes: packagesRoutes },
  { prefix: '/admin-dashboard', routes: adminDashboardRoutes },
  { prefix: '/admin/members', routes: membersRoutes },
  { prefix: '/admin/audit', routes: auditRoutes },
  { prefix: '/stripe', routes: stripeRoutes },
  { prefix: '/stripe', routes: stripeWebhookRoutes },
  { prefix: '/payments', routes: paymentsRoutes },
  { prefix: '/availability', routes: availabilityRoutes },
];
