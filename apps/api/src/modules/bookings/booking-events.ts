import type { BookingEventsTable } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';

/** A new entry of a booking's history (no image): who did what, when, with an optional note. */
export function newEvent(
  bookingId: string,
  actorId: string | null,
  type: string,
  at: string,
  note: string | null = null,
): BookingEventsTable {
  return {
    id: newId(),
    booking_id: bookingId,
    actor_id: actorId,
    type,
    note,
    image_path: null,
    image_mime: null,
    created_at: at,
  };
}
