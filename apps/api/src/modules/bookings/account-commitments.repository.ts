import type { DbOrTrx } from '../../db/index.ts';

/** What still ties a member to other people on Pawsy: closing the account waits for these. */
export type OpenCommitments = {
  /** Bookings asked for, accepted or under way, as owner or as sitter. */
  bookings: number;
  /** Weekly series waiting for the sitter's answer, as owner or as sitter. */
  series: number;
  /** The sitter's applications to open requests that the owner has not decided yet. */
  applications: number;
};

const UNDECIDED_OR_LIVE = ['pending', 'accepted', 'in-progress'] as const;

export async function countOpenCommitments(db: DbOrTrx, userId: string): Promise<OpenCommitments> {
  const [bookings, series, applications] = await Promise.all([
    db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => eb.or([eb('owner_id', '=', userId), eb('provider_id', '=', userId)]))
      .where('status', 'in', UNDECIDED_OR_LIVE)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('booking_series')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => eb.or([eb('owner_id', '=', userId), eb('provider_id', '=', userId)]))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('booking_requests')
      .innerJoin('bookings', 'bookings.id', 'booking_requests.booking_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('booking_requests.provider_id', '=', userId)
      .where('booking_requests.state', '=', 'pending')
      .where('bookings.provider_id', 'is', null)
      .where('bookings.status', '=', 'pending')
      .executeTakeFirstOrThrow(),
  ]);
  return {
    bookings: Number(bookings.n),
    series: Number(series.n),
    applications: Number(applications.n),
  };
}
