import type { Migration } from 'kysely';
import * as usersAndSessions from './2026-11-21T05-00-00-users-and-sessions.ts';
import * as notifications from './2026-11-21T05-30-00-notifications.ts';
import * as bookingsCreditsReviews from './2026-11-21T06-00-00-bookings-credits-reviews.ts';
import * as pets from './2026-11-21T06-10-00-pets.ts';
import * as providerLocations from './2026-11-21T06-10-01-provider-locations.ts';
import * as providerCountIndex from './2026-11-21T06-10-02-provider-count-index.ts';
import * as providerStats from './2026-11-21T06-10-03-provider-stats.ts';
import * as cachedRatings from './2026-11-21T06-20-00-cached-ratings.ts';
import * as contactMessages from './2026-11-21T07-05-00-contact-messages.ts';
import * as streamTickets from './2026-11-25T04-00-00-stream-tickets.ts';
import * as kyc from './2026-11-25T05-10-00-kyc.ts';
import * as disputes from './2026-11-25T05-20-00-disputes.ts';
import * as messages from './2026-11-25T05-30-00-messages.ts';
import * as auditLog from './2026-11-25T06-00-00-audit-log.ts';
import * as couponsPackages from './2026-11-25T06-10-00-coupons-packages.ts';
import * as billing from './2026-11-25T06-30-00-billing.ts';
import * as adminDashboardIndexes from './2026-11-25T06-40-00-admin-dashboard-indexes.ts';
import * as bookingCharges from './2026-11-25T06-50-00-booking-charges.ts';
import * as availability from './2026-11-25T07-00-00-availability.ts';
import * as bookingSeries from './2026-11-25T07-10-00-booking-series.ts';
import * as bookingReminders from './2026-11-25T07-20-00-booking-reminders.ts';
import * as searchPlan from './2026-11-25T07-30-00-search-plan.ts';
import * as calendarVersion from './2026-11-25T07-40-00-calendar-version.ts';
import * as listOrderIndexes from './2026-11-25T08-47-00-list-order-indexes.ts';
import * as bookingStatusCounts from './2026-11-25T08-48-00-booking-status-counts.ts';
import * as bookingDayCounts from './2026-11-25T08-49-00-booking-day-counts.ts';
import * as userRoleCounts from './2026-11-25T08-50-00-user-role-counts.ts';
import * as feedListings from './2026-11-25T09-00-00-feed-listings.ts';
import * as userDayCounts from './2026-11-25T09-10-00-user-day-counts.ts';
import * as directoryVersion from './2026-11-25T13-00-00-directory-version.ts';
import * as conversations from './2026-11-25T16-00-00-conversations.ts';
import * as balancesRequestState from './2026-11-25T16-10-00-balances-request-state.ts';
import * as userVersion from './2026-11-25T22-00-00-user-version.ts';
import * as occupancyReads from './2026-12-05T02-30-00-occupancy-reads.ts';
import * as kycOnePending from './2026-12-06T01-00-00-kyc-one-pending.ts';
import * as gridLocations from './2026-12-06T01-10-00-grid-locations.ts';
import * as reviewOnePerSeries from './2026-12-06T02-00-00-review-one-per-series.ts';
import * as authMailGates from './2026-12-06T05-00-00-auth-mail-gates.ts';
import * as declinedDirectUnlinked from './2026-12-06T06-00-00-declined-direct-unlinked.ts';
import * as subscriptionCreditsSold from './2026-12-06T08-00-00-subscription-credits-sold.ts';
import * as oneDisputePerBooking from './2026-12-06T09-00-00-one-dispute-per-booking.ts';
import * as unconfirmedUsers from './2026-12-06T16-00-00-unconfirmed-users.ts';
import * as contactInbox from './2026-12-06T18-00-00-contact-inbox.ts';
import * as petRemoval from './2026-12-06T22-00-00-pet-removal.ts';
import * as contestedClaims from './2026-12-07T01-00-00-contested-claims.ts';
import * as auditByTarget from './2026-12-07T20-00-00-audit-by-target.ts';

/**
 * Every migration, by name (ISO timestamp first so names sort in order).
 * Listed statically so the bundled server carries them; add new ones at the end.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-21T05-00-00-users-and-sessions': usersAndSessions,
  '2026-11-21T05-30-00-notifications': notifications,
  '2026-11-21T06-00-00-bookings-credits-reviews': bookingsCreditsReviews,
  '2026-11-21T06-10-00-pets': pets,
  '2026-11-21T06-10-01-provider-locations': providerLocations,
  '2026-11-21T06-10-02-provider-count-index': providerCountIndex,
  '2026-11-21T06-10-03-provider-stats': providerStats,
  '2026-11-21T06-20-00-cached-ratings': cachedRatings,
  '2026-11-21T07-05-00-contact-messages': contactMessages,
  '2026-11-25T04-00-00-stream-tickets': streamTickets,
  '2026-11-25T05-10-00-kyc': kyc,
  '2026-11-25T05-20-00-disputes': disputes,
  '2026-11-25T05-30-00-messages': messages,
  '2026-11-25T06-00-00-audit-log': auditLog,
  '2026-11-25T06-10-00-coupons-packages': couponsPackages,
  '2026-11-25T06-30-00-billing': billing,
  '2026-11-25T06-40-00-admin-dashboard-indexes': adminDashboardIndexes,
  '2026-11-25T06-50-00-booking-charges': bookingCharges,
  '2026-11-25T07-00-00-availability': availability,
  '2026-11-25T07-10-00-booking-series': bookingSeries,
  '2026-11-25T07-20-00-booking-reminders': bookingReminders,
  '2026-11-25T07-30-00-search-plan': searchPlan,
  '2026-11-25T07-40-00-calendar-version': calendarVersion,
  '2026-11-25T08-47-00-list-order-indexes': listOrderIndexes,
  '2026-11-25T08-48-00-booking-status-counts': bookingStatusCounts,
  '2026-11-25T08-49-00-booking-day-counts': bookingDayCounts,
  '2026-11-25T08-50-00-user-role-counts': userRoleCounts,
  '2026-11-25T09-00-00-feed-listings': feedListings,
  '2026-11-25T09-10-00-user-day-counts': userDayCounts,
  '2026-11-25T13-00-00-directory-version': directoryVersion,
  '2026-11-25T16-00-00-conversations': conversations,
  '2026-11-25T16-10-00-balances-request-state': balancesRequestState,
  '2026-11-25T22-00-00-user-version': userVersion,
  '2026-12-05T02-30-00-occupancy-reads': occupancyReads,
  '2026-12-06T01-00-00-kyc-one-pending': kycOnePending,
  '2026-12-06T01-10-00-grid-locations': gridLocations,
  '2026-12-06T02-00-00-review-one-per-series': reviewOnePerSeries,
  '2026-12-06T05-00-00-auth-mail-gates': authMailGates,
  '2026-12-06T06-00-00-declined-direct-unlinked': declinedDirectUnlinked,
  '2026-12-06T08-00-00-subscription-credits-sold': subscriptionCreditsSold,
  '2026-12-06T09-00-00-one-dispute-per-booking': oneDisputePerBooking,
  '2026-12-06T16-00-00-unconfirmed-users': unconfirmedUsers,
  '2026-12-06T18-00-00-contact-inbox': contactInbox,
  '2026-12-06T22-00-00-pet-removal': petRemoval,
  '2026-12-07T01-00-00-contested-claims': contestedClaims,
  '2026-12-07T20-00-00-audit-by-target': auditByTarget,
};
