import type { DbOrTrx } from '../../db/index.ts';

/** Whether a sitter met an owner through a booking (applied, invited or chosen, in any state). */
export type BookingAcquaintance = (
  db: DbOrTrx,
  ownerId: string,
  sitterId: string,
) => Promise<boolean>;

let acquaintance: BookingAcquaintance | null = null;

/**
 * Registered by the bookings routes at start-up (bookings are theirs to read, and sitters
 * imports no area that leads back to it). Process-wide; the reader is handed the database, so
 * registering again (another app instance in the same process) changes nothing.
 */
export function readBookingAcquaintanceWith(read: BookingAcquaintance): void {
  acquaintance = read;
}

export function hasMetThroughBooking(
  db: DbOrTrx,
  ownerId: string,
  sitterId: string,
): Promise<boolean> {
  if (!acquaintance) throw new Error('No reader of booking acquaintances: bookings registers it');
  return acquaintance(db, ownerId, sitterId);
}
