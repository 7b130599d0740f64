import { type SeriesOccurrence, type SeriesWire } from '@pawsy/contract';
import type { BookingsTable } from '../../db/schema.ts';
import type { SeriesRow } from './booking-series.repository.ts';
import type { ProviderCard, UserCard } from './bookings.mapper.ts';

/** Pure row → wire mapping of recurring series; booking-series-*.service.ts load what it maps. */

/** One planned occurrence as stored in booking_series.occurrences (UTC instants). */
export type SeriesPlanItem = {
  date: string;
  start_at: string;
  end_at: string;
  conflict: string | null;
  skipped: boolean;
};

export function parsePlan(text: string): SeriesPlanItem[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as SeriesPlanItem[]) : [];
  } catch {
    return [];
  }
}

function parseList<T>(text: string): T[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

export function toOccurrenceWire(
  item: SeriesPlanItem,
  booking: Pick<BookingsTable, 'id' | 'status'> | undefined,
): SeriesOccurrence {
  return {
    date: item.date,
    startAt: item.start_at,
    endAt: item.end_at,
    conflict: item.conflict,
    bookingId: booking?.id ?? null,
    status: booking?.status ?? null,
    skipped: item.skipped,
  };
}

export function toSeriesWire(
  row: SeriesRow,
  rel: { owner: UserCard; provider: ProviderCard; bookings: readonly BookingsTable[] },
): SeriesWire {
  const byStart = new Map(rel.bookings.map((b) => [b.start_at, b]));
  const occurrenceRefunds = rel.bookings.reduce((sum, b) => sum + b.credits_refunded, 0);
  return {
    _id: row.id,
    id: row.id,
    owner: rel.owner,
    provider: rel.provider,
    service: row.service,
    pets: parseList<string>(row.pets),
    weekdays: parseList<number>(row.weekdays),
    time: row.time,
    durationMinutes: row.duration_minutes,
    timeZone: row.time_zone,
    startDate: row.start_date,
    endDate: row.end_date,
    notes: row.notes,
    status: row.status,
    occurrences: parsePlan(row.occurrences).map((o) =>
      toOccurrenceWire(o, o.skipped ? undefined : byStart.get(o.start_at)),
    ),
    priceCents: row.price_cents,
    currency: row.currency,
    creditsApplied: row.credits_applied,
    creditsRefunded: row.credits_refunded + occurrenceRefunds,
    amountDueCents: row.charge_state === 'awaiting' ? row.card_cents : null,
    paid: row.charge_state === 'paid' || (row.charge_state === 'none' && row.card_cents === 0),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
