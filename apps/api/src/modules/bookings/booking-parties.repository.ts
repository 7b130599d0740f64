import { compiledRead, type DbOrTrx } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';

/** The people of a booking as its cards and checks read them: a party's card fields and contact details. */
export type PartyRow = {
  id: string;
  first_name: string;
  last_name: string;
  image_path: string | null;
  city: string | null;
  user_type: string;
  primary_services: string;
  service_rates: string;
  currency: string;
  latitude: number | null;
  longitude: number | null;
  deleted_at: string | null;
  /** 0 until the signup's mailed code was entered: such an account cannot be asked to sit. */
  email_verified: number;
  /** JSON list of the kinds of pets the sitter takes ("Dogs", "Cats"…); [] takes any. */
  pet_prefrences: string;
  /** The rating cache (reviews/rating-cache.ts): visible reviews' average and count. */
  rating_avg: number | null;
  rating_count: number;
};

export type ContactRow = Pick<
  Database['users'],
  | 'id'
  | 'first_name'
  | 'last_name'
  | 'phone'
  | 'emergency_phone'
  | 'address'
  | 'city'
  | 'state'
  | 'zip'
  | 'country'
>;

const selectContact = compiledRead((db, id: string) =>
  db
    .selectFrom('users')
    .select([
      'id',
      'first_name',
      'last_name',
      'phone',
      'emergency_phone',
      'address',
      'city',
      'state',
      'zip',
      'country',
    ])
    .where('id', '=', id)
    .where('deleted_at', 'is', null),
);

/** A party's phone and address, for the other party of an accepted booking. */
export async function findContact(db: DbOrTrx, userId: string): Promise<ContactRow | undefined> {
  return (await selectContact(db, userId))[0];
}

const selectParties = compiledRead((db, ids: string[]) =>
  db
    .selectFrom('users')
    .select([
      'id',
      'first_name',
      'last_name',
      'image_path',
      'city',
      'user_type',
      'primary_services',
      'service_rates',
      'currency',
      'latitude',
      'longitude',
      'deleted_at',
      'email_verified',
      'pet_prefrences',
      'rating_avg',
      'rating_count',
    ])
    .where('id', 'in', ids),
);

export async function findParties(db: DbOrTrx, ids: readonly string[]): Promise<PartyRow[]> {
  if (ids.length === 0) return [];
  return selectParties(db, [...new Set(ids)]);
}

/**
 * Whether a sitter has met an owner through a booking: chosen for one of the owner's bookings,
 * or applied or invited to one (in any state). Served by bookings_provider_status_idx and
 * booking_requests_provider_idx, from the sitter's side.
 */
export async function hasMetThroughBooking(
  db: DbOrTrx,
  ownerId: string,
  sitterId: string,
): Promise<boolean> {
  const chosen = await db
    .selectFrom('bookings')
    .select('id')
    .where('provider_id', '=', sitterId)
    .where('owner_id', '=', ownerId)
    .limit(1)
    .executeTakeFirst();
  if (chosen) return true;
  const asked = await db
    .selectFrom('booking_requests as r')
    .innerJoin('bookings as b', 'b.id', 'r.booking_id')
    .select('r.id')
    .where('r.provider_id', '=', sitterId)
    .where('b.owner_id', '=', ownerId)
    .limit(1)
    .executeTakeFirst();
  return asked !== undefined;
}
