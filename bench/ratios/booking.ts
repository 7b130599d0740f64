import type autocannon from 'autocannon';
import { BENCH_SECRET } from '../lib.ts';

/** Owners (token, pet) and sitters that booking creation rotates through. */
export type BookingCast = { owners: { token: string; petId: string }[]; providers: string[] };

/** The index of the server's sample request: ~350 days out, far past what a run reaches. */
export const BOOKING_PROBE = 200 * 2800 - 1;
/**
 * Sequence numbers wrap below the probe, so every request's dates stay within the 365 days a
 * booking may start within (only the bare twin, at ten times Pawsy's rate, ever gets near it).
 */
export const BOOKING_SEQUENCE_SPAN = BOOKING_PROBE;
/** Whole hours, two days from now (bookings may start at most 365 days ahead). */
const day0 = Math.ceil(Date.now() / 3600_000) * 3600_000 + 48 * 3600_000;

/**
 * The i-th POST /api/booking/: owner and sitter i mod N (a fixed pair), a 2-hour walk starting
 * 3 hours after the pair's previous one, so no request conflicts with another.
 */
export function bookingRequest(cast: BookingCast, i: number) {
  const n = Math.min(cast.owners.length, cast.providers.length);
  const owner = cast.owners[i % n]!;
  const start = day0 + Math.floor(i / n) * 3 * 3600_000;
  return {
    headers: {
      'secret-key': BENCH_SECRET,
      'x-auth-token': owner.token,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      service: 'Dog walking',
      pets: [owner.petId],
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 2 * 3600_000).toISOString(),
      notes: 'Ratio bench walk',
      provider_id: cast.providers[i % n],
    }),
  };
}

/**
 * An autocannon request that POSTs to `path` the next booking of a sequence: `next()` gives its
 * number, which wraps below the probe (BOOKING_SEQUENCE_SPAN).
 */
export function bookingCannonRequest(
  cast: BookingCast,
  path: string,
  next: () => number,
): autocannon.Request {
  return {
    setupRequest: (req) => ({
      ...req,
      method: 'POST',
      path,
      ...bookingRequest(cast, next() % BOOKING_SEQUENCE_SPAN),
    }),
  };
}
