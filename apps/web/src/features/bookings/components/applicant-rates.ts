import { normalizeService, serviceUnit } from '@pawsy/contract';
import { useCallback } from 'react';
import { formatCents } from '../../../lib/money';
import { useLoad } from '../../../lib/use-load';
import { sittersApi, type SitterProfile } from '../../sitters';
import type { Booking } from '../bookings-api';

const HOUR_MS = 3600_000;

/** Units the API charges (pricing.ts): started hours, or nights for overnight services; ≥ 1. */
export function bookingUnits(booking: Pick<Booking, 'service' | 'startDate' | 'endDate'>) {
  const span = Date.parse(booking.endDate) - Date.parse(booking.startDate);
  const size = serviceUnit(booking.service) === 'night' ? 24 * HOUR_MS : HOUR_MS;
  return Math.max(1, Math.ceil(span / size));
}

export type ApplicantQuote = { rate: string; price: string; isSuggested: boolean };

/** What accepting this sitter costs: their rate for the booking's service × the booking's units. */
export function quoteFor(booking: Booking, sitter: SitterProfile | null): ApplicantQuote | null {
  if (!sitter) return null;
  const service = normalizeService(booking.service);
  const own = sitter.service_rates[service] ?? sitter.service_rates[booking.service];
  const cents = own ?? sitter.suggested_rates?.[service];
  if (cents === undefined) return null;
  const units = bookingUnits(booking);
  const unit = serviceUnit(booking.service);
  return {
    rate: `${formatCents(cents, sitter.currency)}/${unit}`,
    price: `${formatCents(cents, sitter.currency)} × ${units} ${unit}${units === 1 ? '' : 's'} = ${formatCents(cents * units, sitter.currency)}`,
    isSuggested: own === undefined,
  };
}

/**
 * The public profiles (GET /api/user/{id}) of the sitters on an open booking, for their rates;
 * one that cannot be read is null (its price is simply not shown).
 */
export function useApplicantProfiles(providerIds: string[] | null) {
  const key = providerIds ? providerIds.join(',') : null;
  const load = useCallback(async () => {
    const ids = key ? key.split(',') : [];
    const profiles = await Promise.all(ids.map((id) => sittersApi.get(id).catch(() => null)));
    return new Map(ids.map((id, i) => [id, profiles[i] ?? null]));
  }, [key]);
  return useLoad(key, load, 'Failed to load the sitters').data;
}
