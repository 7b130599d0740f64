import type { BookingWire } from '@pawsy/contract';
import type { DbOrTrx } from '../../db/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { getRatingSummaries } from '../reviews/index.ts';
import type { RequestRow } from './booking-requests.repository.ts';
import {
  toBookingWires,
  toProviderCard,
  toRequestWire,
  type BookingExtras,
  type ProviderCard,
  type RequestWire,
} from './bookings.mapper.ts';
import { findBooking, findParties, listEvents, type BookingRow } from './bookings.repository.ts';
import { findCharges } from './booking-charges.repository.ts';

/** Provider cards (with visible-review ratings) for a set of user ids, in one round of queries. */
export async function loadProviderCards(
  db: DbOrTrx,
  ids: readonly string[],
): Promise<Map<string, ProviderCard>> {
  const [parties, ratings] = await Promise.all([findParties(db, ids), getRatingSummaries(db, ids)]);
  return new Map(parties.map((p) => [p.id, toProviderCard(p, ratings.get(p.id))]));
}

/** Loads parties, ratings and timelines for a whole page at once, then maps it. */
export async function loadBookingWires(
  db: DbOrTrx,
  rows: readonly BookingRow[],
  extras: Map<string, BookingExtras> = new Map(),
): Promise<BookingWire[]> {
  if (rows.length === 0) return [];
  const providerIds = rows.map((r) => r.provider_id).filter((v): v is string => v !== null);
  const ids = rows.map((r) => r.id);
  const [owners, providers, events, charges] = await Promise.all([
    findParties(
      db,
      rows.map((r) => r.owner_id),
    ),
    loadProviderCards(db, providerIds),
    listEvents(db, ids),
    findCharges(db, ids),
  ]);
  return toBookingWires(rows, { owners, providers, events, charges }, extras);
}

export async function bookingWire(
  db: DbOrTrx,
  row: BookingRow,
  extras?: BookingExtras,
): Promise<BookingWire> {
  const [wire] = await loadBookingWires(db, [row], new Map(extras ? [[row.id, extras]] : []));
  return wire!;
}

export async function bookingWireById(db: DbOrTrx, id: string): Promise<BookingWire> {
  const row = await findBooking(db, id);
  if (!row) throw notFound('Booking');
  return bookingWire(db, row);
}

export async function loadRequestWires(
  db: DbOrTrx,
  rows: readonly RequestRow[],
): Promise<RequestWire[]> {
  const cards = await loadProviderCards(
    db,
    rows.map((r) => r.provider_id),
  );
  return rows.map((r) => toRequestWire(r, cards.get(r.provider_id)));
}
