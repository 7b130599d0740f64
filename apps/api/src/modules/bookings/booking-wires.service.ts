import type { BookingWire } from '@pawsy/contract';
import type { DbOrTrx } from '../../db/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { lastInitial } from '../../lib/user-columns.ts';
import type { RequestRow } from './booking-requests.repository.ts';
import {
  toBookingWires,
  toProviderCard,
  toRequestWire,
  type BookingExtras,
  type ProviderCard,
  type RequestWire,
} from './bookings.mapper.ts';
import { findBooking, listEvents, type BookingRow } from './bookings.repository.ts';
import { hasTakenOn } from './booking-parties.ts';
import { findParties, type PartyRow } from './booking-parties.repository.ts';
import { findCharges, type ChargeRow } from './booking-charges.repository.ts';
import type { BookingEventsTable } from '../../db/schema.ts';

/** Provider cards (rated from the rating cache) for a set of user ids, in one query. */
export async function loadProviderCards(
  db: DbOrTrx,
  ids: readonly string[],
): Promise<Map<string, ProviderCard>> {
  const parties = await findParties(db, ids);
  return new Map(parties.map((p) => [p.id, toProviderCard(p)]));
}

/**
 * The answer for a booking its caller has just written, from the rows it wrote and the parties it
 * read before writing (nothing is read again).
 */
export function writtenBookingWire(
  row: BookingRow,
  rel: {
    owner: PartyRow;
    provider: PartyRow | null;
    events: BookingEventsTable[];
    charge: ChargeRow | null;
  },
): BookingWire {
  const { provider } = rel;
  const [wire] = toBookingWires(
    [row],
    {
      owners: [rel.owner],
      providers: new Map(provider ? [[provider.id, toProviderCard(provider)]] : []),
      events: rel.events,
      charges: new Map(rel.charge ? [[row.id, rel.charge]] : []),
    },
    // For its owner, as a read would give it: a sitter not yet accepting is named by initial.
    new Map([[row.id, { providerInitialOnly: !hasTakenOn(row) }]]),
  );
  return wire!;
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

/** `showsWholeName(providerId)`: whether the viewer reads that sitter's whole last name (default yes). */
export async function loadRequestWires(
  db: DbOrTrx,
  rows: readonly RequestRow[],
  showsWholeName: (providerId: string) => boolean = () => true,
): Promise<RequestWire[]> {
  const cards = await loadProviderCards(
    db,
    rows.map((r) => r.provider_id),
  );
  return rows.map((r) => {
    const card = cards.get(r.provider_id);
    const shown =
      card && !showsWholeName(r.provider_id)
        ? { ...card, lastName: lastInitial(card.lastName) }
        : card;
    return toRequestWire(r, shown);
  });
}
