import type { FastifyInstance } from 'fastify';
import { toUserIds, type UserDashboard } from '@pawsy/contract';
import { notFound } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/ids.ts';
import { userImageUrl } from '../../lib/user-columns.ts';
import { isAdmin, type AuthUser } from '../../plugins/auth.ts';
import { CREDITS_CURRENCY, getBalance } from '../credits/index.ts';
import { kycStatusOf } from '../kyc/index.ts';
import { countUnread } from '../notifications/index.ts';
import { countPets } from '../pets/index.ts';
import { getUser } from '../users/index.ts';
import {
  countBookingsByStatus,
  countUpcomingBookings,
  findUpcomingBookings,
} from './dashboard.repository.ts';

/** The user dashboard: the account at a glance, for the user or an admin. */
export async function getUserDashboard(
  app: FastifyInstance,
  caller: AuthUser,
  id: string,
): Promise<UserDashboard> {
  // Another user's dashboard answers as a user that does not exist (DESIGN §4: 404).
  if (caller.id !== id && !isAdmin(caller)) throw notFound('User');
  const row = await getUser(app.db, id);
  const party = row.user_type === 'provider' ? 'provider_id' : 'owner_id';

  const now = nowIso();
  const [
    pets,
    notificationsUnread,
    upcoming,
    upcomingTotal,
    bookingsByStatus,
    creditsBalance,
    kycStatus,
  ] = await Promise.all([
    countPets(app.db, id),
    countUnread(app, id),
    findUpcomingBookings(app.db, party, id, now, 5),
    countUpcomingBookings(app.db, party, id, now),
    countBookingsByStatus(app.db, party, id),
    getBalance(app.db, id),
    kycStatusOf(app.db, id),
  ]);

  return {
    user: {
      ...toUserIds(row.id),
      firstName: row.first_name,
      lastName: row.last_name,
      userType: row.user_type,
      image: userImageUrl(row),
      KYC_verified: row.kyc_verified === 1,
      is_verified: row.is_verified === 1,
      is_paid: row.is_paid === 1,
      memberSince: row.created_at,
    },
    pets,
    notificationsUnread,
    upcomingBookings: upcoming.map((b) => ({
      _id: b.id,
      status: b.status,
      startDate: b.start_at,
      endDate: b.end_at,
      service: b.service,
    })),
    upcomingTotal,
    bookingsByStatus,
    creditsBalance,
    currency: CREDITS_CURRENCY,
    // From the records (PENDING / Verified / Rejected); an admin-set flag without any record
    // still reads as Verified.
    kycStatus: kycStatus === 'NOT_VERIFIED' && row.kyc_verified === 1 ? 'Verified' : kycStatus,
  };
}
