import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/index.ts';
import type { BookingRow, Page } from './bookings.repository.ts';
import { cardPaidOrNone } from './booking-charges.repository.ts';

export type FeedOptions = {
  providerId: string;
  services: readonly string[];
  origin: { latitude: number; longitude: number } | null;
  now: string;
  /** Only bookings in this status (open bookings are 'pending', so they show for that one only). */
  status?: BookingRow['status'];
};

/**
 * What a sitter may act on: open bookings (pending, no sitter yet, not started, for a service they
 * offer), nearest owner first when the sitter has coordinates, then the sitter's own bookings.
 * Distance is ordered by an equirectangular approximation (plain arithmetic, same on both
 * engines); the shown km are computed for the page only (feed-distance.ts).
 */
export async function listProviderFeed(
  db: DbOrTrx,
  opts: FeedOptions,
  { page, limit }: Page,
): Promise<{
  rows: (BookingRow & { owner_lat: number | null; owner_lng: number | null })[];
  total: number;
}> {
  let base = db
    .selectFrom('bookings')
    .innerJoin('users as o', 'o.id', 'bookings.owner_id')
    .where((eb) =>
      eb.or([
        eb('bookings.provider_id', '=', opts.providerId),
        eb.and([
          eb('bookings.status', '=', 'pending'),
          eb('bookings.provider_id', 'is', null),
          eb('bookings.start_at', '>', opts.now),
          // a rejected or withdrawn applicant no longer sees the booking (see bookings.access.ts)
          eb.not(
            eb.exists(
              eb
                .selectFrom('booking_requests as br')
                .select('br.id')
                .whereRef('br.booking_id', '=', 'bookings.id')
                .where('br.provider_id', '=', opts.providerId)
                .where('br.state', 'in', ['rejected', 'withdrawn']),
            ),
          ),
          opts.services.length > 0
            ? eb('bookings.service', 'in', [...opts.services])
            : sql<boolean>`1 = 0`,
        ]),
      ]),
    );
  // A booking reaches sitters only once its card part is paid (booking-charges.repository.ts).
  base = base.where(cardPaidOrNone);
  if (opts.status) base = base.where('bookings.status', '=', opts.status);
  let ordered = base
    .selectAll('bookings')
    .select(['o.latitude as owner_lat', 'o.longitude as owner_lng'])
    .orderBy(sql`case when bookings.provider_id is null then 0 else 1 end`);
  if (opts.origin) {
    const k = Math.cos((opts.origin.latitude * Math.PI) / 180);
    const { latitude: lat0, longitude: lng0 } = opts.origin;
    ordered = ordered
      .orderBy(sql`case when o.latitude is null or o.longitude is null then 1 else 0 end`)
      .orderBy(
        sql`((o.latitude - ${lat0}) * (o.latitude - ${lat0}) + (o.longitude - ${lng0}) * ${k} * (o.longitude - ${lng0}) * ${k})`,
      );
  }
  const [rows, count] = await Promise.all([
    ordered
      .orderBy('bookings.created_at', 'desc')
      .orderBy('bookings.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}
