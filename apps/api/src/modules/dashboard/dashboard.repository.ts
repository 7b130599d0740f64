import { sql } from 'kysely';
import { compiledRead, type DbOrTrx } from '../../db/index.ts';
import type { BookingsTable } from '../../db/schema.ts';
import { cardPaidOrNone } from '../bookings/index.ts';

/** Which side of a booking the dashboard's user is on. */
export type Party = 'owner_id' | 'provider_id';

type OpenStatus = Extract<BookingsTable['status'], 'pending' | 'accepted' | 'in-progress'>;
const OPEN_STATUSES: OpenStatus[] = ['pending', 'accepted', 'in-progress'];

/** The next `limit` open bookings of the user that have not ended, soonest first. */
export function findUpcomingBookings(
  db: DbOrTrx,
  party: Party,
  userId: string,
  now: string,
  limit: number,
) {
  return upcomingOf[party](db, userId, now, limit);
}

/**
 * The sitter's side leaves out bookings whose card payment is not made (awaiting or abandoned):
 * the sitter has no access to those (bookings' own lists and reads filter the same way).
 */
const ownSide = (party: Party) => (party === 'provider_id' ? cardPaidOrNone : sql<boolean>`true`);

/** The open bookings of the user that have not ended. */
const upcomingRows = (db: DbOrTrx, party: Party, userId: string, now: string) =>
  db
    .selectFrom('bookings')
    .where(party, '=', userId)
    .where('status', 'in', OPEN_STATUSES)
    .where('end_at', '>=', now)
    .where(ownSide(party));

// The party column is part of the SQL text, so each side has its own query, compiled once.
const upcomingQuery = (party: Party) =>
  compiledRead((db, userId: string, now: string, limit: number) =>
    upcomingRows(db, party, userId, now)
      .select(['id', 'status', 'start_at', 'end_at', 'service'])
      .orderBy('start_at', 'asc')
      .limit(limit),
  );
const upcomingOf = {
  owner_id: upcomingQuery('owner_id'),
  provider_id: upcomingQuery('provider_id'),
};

const upcomingCountQuery = (party: Party) =>
  compiledRead((db, userId: string, now: string) =>
    upcomingRows(db, party, userId, now).select((eb) => eb.fn.countAll<number>().as('n')),
  );
const upcomingCountOf = {
  owner_id: upcomingCountQuery('owner_id'),
  provider_id: upcomingCountQuery('provider_id'),
};

/** How many open bookings of the user have not ended (all of them, not a page). */
export async function countUpcomingBookings(
  db: DbOrTrx,
  party: Party,
  userId: string,
  now: string,
): Promise<number> {
  const [row] = await upcomingCountOf[party](db, userId, now);
  return Number(row?.n ?? 0);
}

const statusCountQuery = (party: Party) =>
  compiledRead((db, userId: string) =>
    db
      .selectFrom('bookings')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where(party, '=', userId)
      .where(ownSide(party))
      .groupBy('status'),
  );
const statusCountsOf = {
  owner_id: statusCountQuery('owner_id'),
  provider_id: statusCountQuery('provider_id'),
};

/** The user's bookings counted by status. */
export async function countBookingsByStatus(
  db: DbOrTrx,
  party: Party,
  userId: string,
): Promise<Record<string, number>> {
  const rows = await statusCountsOf[party](db, userId);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}
