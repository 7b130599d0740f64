import type { BookingWire } from '@pawsy/contract';
import type { DbOrTrx } from '../../db/index.ts';
import type { BookingEventsTable } from '../../db/schema.ts';
import { getRatingSummaries, type RatingSummary } from '../reviews/index.ts';
import { userImageUrl } from '../../lib/user-columns.ts';
import { findParties, listEvents, type BookingRow, type PartyRow } from './bookings.repository.ts';
import { CANCELLATION_POLICY, unitFor } from './pricing.ts';

export type UserCard = BookingWire['owner'];
export type ProviderCard = NonNullable<BookingWire['provider']>;

export function toUserCard(row: PartyRow): UserCard {
  return {
    _id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    image: userImageUrl(row),
  };
}

export function toProviderCard(row: PartyRow, rating: RatingSummary | undefined): ProviderCard {
  return {
    ...toUserCard(row),
    city: row.city,
    rating: rating?.average ?? null,
    reviewsCount: rating?.count ?? 0,
  };
}

export const eventImageUrl = (bookingId: string, eventId: string) =>
  `/api/booking/${bookingId}/events/${eventId}/image`;

function parsePets(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** Provider cards (with visible-review ratings) for a set of user ids, in one round of queries. */
export async function loadProviderCards(
  db: DbOrTrx,
  ids: readonly string[],
): Promise<Map<string, ProviderCard>> {
  const [parties, ratings] = await Promise.all([findParties(db, ids), getRatingSummaries(db, ids)]);
  return new Map(parties.map((p) => [p.id, toProviderCard(p, ratings.get(p.id))]));
}

/** Rows → wire, loading parties, ratings and timelines for the whole page at once. */
export async function toBookingWires(
  db: DbOrTrx,
  rows: readonly BookingRow[],
  extras: Map<string, { distanceKm?: number }> = new Map(),
): Promise<BookingWire[]> {
  if (rows.length === 0) return [];
  const providerIds = rows.map((r) => r.provider_id).filter((v): v is string => v !== null);
  const [owners, providers, events] = await Promise.all([
    findParties(
      db,
      rows.map((r) => r.owner_id),
    ),
    loadProviderCards(db, providerIds),
    listEvents(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  const ownerById = new Map(owners.map((o) => [o.id, toUserCard(o)]));
  const eventsByBooking = new Map<string, BookingEventsTable[]>();
  for (const e of events) {
    const list = eventsByBooking.get(e.booking_id) ?? [];
    list.push(e);
    eventsByBooking.set(e.booking_id, list);
  }
  return rows.map((row) =>
    toBookingWire(row, {
      owner: ownerById.get(row.owner_id) ?? missingCard(row.owner_id),
      provider: row.provider_id ? (providers.get(row.provider_id) ?? null) : null,
      events: eventsByBooking.get(row.id) ?? [],
      ...extras.get(row.id),
    }),
  );
}

function missingCard(id: string): UserCard {
  return { _id: id, firstName: 'Deleted', lastName: 'user', image: null };
}

export function toBookingWire(
  row: BookingRow,
  rel: {
    owner: UserCard;
    provider: ProviderCard | null;
    events: BookingEventsTable[];
    distanceKm?: number;
  },
): BookingWire {
  const price =
    row.price_cents !== null && row.currency !== null
      ? {
          amountCents: row.price_cents,
          currency: row.currency,
          units: row.units ?? 1,
          unitLabel: unitFor(row.service),
          rateCents: row.rate_cents ?? row.price_cents,
        }
      : null;
  return {
    _id: row.id,
    id: row.id,
    user_id: row.owner_id,
    owner: rel.owner,
    provider_id: row.provider_id,
    provider: rel.provider,
    service: row.service,
    pets: parsePets(row.pets),
    startDate: row.start_at,
    endDate: row.end_at,
    notes: row.notes,
    status: row.status,
    price,
    creditsApplied: row.credits_applied,
    creditsRefunded: row.credits_refunded,
    amountDueCents: price ? Math.max(0, price.amountCents - row.credits_applied) : null,
    timeline: rel.events.map((e) => ({
      _id: e.id,
      type: e.type,
      at: e.created_at,
      note: e.note,
      image: e.image_path ? eventImageUrl(row.id, e.id) : null,
    })),
    cancellationPolicy: CANCELLATION_POLICY,
    ...(rel.distanceKm !== undefined ? { distanceKm: rel.distanceKm } : {}),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
