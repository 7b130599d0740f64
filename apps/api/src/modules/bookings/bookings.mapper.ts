import { toUserIds, type BookingContact, type BookingWire } from '@pawsy/contract';
import type { z } from 'zod';
import type { bookingRequestWire } from '@pawsy/contract';
import type { BookingChargesTable, BookingEventsTable } from '../../db/schema.ts';
import { BILLING_CURRENCY } from '../../lib/currency.ts';
import { lastInitial } from '../../lib/user-columns.ts';
import { userImageUrl } from '../../lib/user-columns.ts';
import type { RequestRow } from './booking-requests.repository.ts';
import type { BookingRow } from './bookings.repository.ts';
import type { ContactRow, PartyRow } from './booking-parties.repository.ts';
import { CANCELLATION_POLICY, unitFor } from './pricing.ts';

/** Pure row → wire mapping; what it maps is loaded by booking-wires.service.ts. */

export type UserCard = BookingWire['owner'];
export type ProviderCard = NonNullable<BookingWire['provider']>;

export function toUserCard(row: PartyRow): UserCard {
  return {
    ...toUserIds(row.id),
    firstName: row.first_name,
    lastName: row.last_name,
    image: userImageUrl(row),
  };
}

/**
 * A sitter's card on a booking, rated from the rating cache as sitter search's cards are: it is
 * refreshed when both parties have reviewed, when a dispute opens or ends, and by the refresh job
 * when a lone review's blind window ends.
 */
export function toProviderCard(row: PartyRow): ProviderCard {
  return {
    ...toUserIds(row.id),
    firstName: row.first_name,
    lastName: row.last_name,
    image: userImageUrl(row),
    city: row.city,
    rating: row.rating_avg,
    reviewsCount: row.rating_count,
  };
}

const orNull = (value: string | null) => (value?.trim() ? value : null);

export function toContact(row: ContactRow, role: BookingContact['role']): BookingContact {
  return {
    userId: row.id,
    role,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: orNull(row.phone),
    emergencyPhone: orNull(row.emergency_phone),
    address: orNull(row.address),
    city: orNull(row.city),
    state: orNull(row.state),
    zip: orNull(row.zip),
    country: orNull(row.country),
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

/** Per-row additions: the feed's rounded distance, and whether the viewer sees the owner's
 * last initial only (sitters browsing bookings that are not theirs). */
export type BookingExtras = {
  distanceKm?: number;
  ownerInitialOnly?: boolean;
  /** The viewer reads the sitter's last initial only (the owner, before the sitter accepted). */
  providerInitialOnly?: boolean;
  petKinds?: string[];
  cannotApply?: BookingWire['cannotApply'];
};

export type BookingRelations = {
  owners: PartyRow[];
  providers: Map<string, ProviderCard>;
  events: BookingEventsTable[];
  charges?: Map<string, BookingChargesTable>;
};

/** Rows and what was loaded for them → wires, in the rows' order. */
export function toBookingWires(
  rows: readonly BookingRow[],
  rel: BookingRelations,
  extras: Map<string, BookingExtras> = new Map(),
): BookingWire[] {
  const ownerById = new Map(rel.owners.map((o) => [o.id, o]));
  const eventsByBooking = new Map<string, BookingEventsTable[]>();
  for (const e of rel.events) {
    const list = eventsByBooking.get(e.booking_id) ?? [];
    list.push(e);
    eventsByBooking.set(e.booking_id, list);
  }
  return rows.map((row) => {
    const { ownerInitialOnly, providerInitialOnly, distanceKm, petKinds, cannotApply } =
      extras.get(row.id) ?? {};
    const ownerRow = ownerById.get(row.owner_id);
    const owner = ownerRow ? toUserCard(ownerRow) : missingCard(row.owner_id);
    if (ownerInitialOnly) owner.lastName = lastInitial(owner.lastName);
    const card = row.provider_id ? (rel.providers.get(row.provider_id) ?? null) : null;
    const provider =
      card && providerInitialOnly ? { ...card, lastName: lastInitial(card.lastName) } : card;
    return toBookingWire(row, {
      owner,
      provider,
      events: eventsByBooking.get(row.id) ?? [],
      charge: rel.charges?.get(row.id) ?? null,
      distanceKm,
      petKinds,
      cannotApply,
    });
  });
}

export type RequestWire = z.infer<typeof bookingRequestWire>;

export function toRequestWire(r: RequestRow, card: ProviderCard | undefined): RequestWire {
  return {
    _id: r.id,
    bookingId: r.booking_id,
    providerId: r.provider_id,
    provider: card ?? {
      ...missingCard(r.provider_id),
      city: null,
      rating: null,
      reviewsCount: 0,
    },
    state: r.state,
    initiatedBy: r.initiated_by,
    createdAt: r.created_at,
  };
}

export function missingCard(id: string): UserCard {
  return { ...toUserIds(id), firstName: 'Deleted', lastName: 'user', image: null };
}

/**
 * Who made a timeline event: the system (null), the owner, or else a sitter. Only the two sides
 * move a booking, and a sitter who declined or cancelled a direct request is no longer its
 * `provider_id` but still made that move.
 */
const partyOf = (row: BookingRow, actorId: string | null) =>
  actorId === null ? null : actorId === row.owner_id ? ('owner' as const) : ('sitter' as const);

export function toBookingWire(
  row: BookingRow,
  rel: {
    owner: UserCard;
    provider: ProviderCard | null;
    events: BookingEventsTable[];
    charge?: BookingChargesTable | null;
    distanceKm?: number | undefined;
    petKinds?: string[] | undefined;
    cannotApply?: BookingWire['cannotApply'];
  },
): BookingWire {
  const charge = rel.charge ?? null;
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
  // Built as one literal (the feed's distance added after): a spread inside it made every
  // property after the spread a slow definition.
  const wire: BookingWire = {
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
    payment: {
      status: charge?.state ?? 'none',
      creditsCents: row.credits_applied,
      creditsRefundedCents: row.credits_refunded,
      cardCents: charge?.card_cents ?? 0,
      cardRefundedCents: charge?.card_refunded_cents ?? 0,
      currency: BILLING_CURRENCY,
      checkoutUrl: charge?.state === 'awaiting' ? charge.checkout_url : null,
    },
    timeline: rel.events.map((e) => ({
      _id: e.id,
      type: e.type,
      at: e.created_at,
      by: partyOf(row, e.actor_id),
      note: e.note,
      image: e.image_path ? eventImageUrl(row.id, e.id) : null,
    })),
    cancellationPolicy: CANCELLATION_POLICY,
    seriesId: row.series_id ?? null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  if (rel.distanceKm !== undefined) wire.distanceKm = rel.distanceKm;
  if (rel.petKinds !== undefined) wire.petKinds = rel.petKinds;
  if (rel.cannotApply !== undefined) wire.cannotApply = rel.cannotApply;
  return wire;
}
