import type { FastifyInstance } from 'fastify';
import type { UserDashboard } from '@pawsy/contract';
import { notFound } from '../../lib/app-error.ts';
import { getBalance } from '../credits/credits.service.ts';
import { nowIso } from '../../lib/ids.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { countUnread } from '../notifications/notifications.service.ts';
import { countPets } from '../pets/pets.service.ts';
import { assertSelfOrAdmin } from './users.service.ts';
import { findUserById } from './users.repository.ts';
import { userImageUrl } from './user-wire.ts';

const OPEN_STATUSES = ['pending', 'accepted', 'in-progress'] as const;

/** The user dashboard: the account at a glance, for the user or an admin. */
export async function getUserDashboard(
  app: FastifyInstance,
  caller: AuthUser,
  id: string,
): Promise<UserDashboard> {
  assertSelfOrAdmin(caller, id);
  const row = await findUserById(app.db, id);
  if (!row) throw notFound('User');
  const asParty = row.user_type === 'provider' ? 'provider_id' : 'owner_id';

  const [pets, notificationsUnread, upcoming, byStatus, creditsBalance] = await Promise.all([
    countPets(app.db, id),
    countUnread(app, id),
    app.db
      .selectFrom('bookings')
      .select(['id', 'status', 'start_at', 'end_at', 'service'])
      .where(asParty, '=', id)
      .where('status', 'in', [...OPEN_STATUSES])
      .where('end_at', '>=', nowIso())
      .orderBy('start_at', 'asc')
      .limit(5)
      .execute(),
    app.db
      .selectFrom('bookings')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where(asParty, '=', id)
      .groupBy('status')
      .execute(),
    getBalance(app.db, id),
  ]);

  return {
    user: {
      _id: row.id,
      id: row.id,
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
      startAt: b.start_at,
      endAt: b.end_at,
      service: b.service,
    })),
    bookingsByStatus: Object.fromEntries(byStatus.map((r) => [r.status, Number(r.n)])),
    creditsBalance,
    kycStatus: row.kyc_verified === 1 ? 'Verified' : 'NOT_VERIFIED',
  };
}
