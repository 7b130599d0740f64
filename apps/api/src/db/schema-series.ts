/** Recurring bookings (modules/bookings, booking-series.*). */

export type SeriesChargeState = 'none' | 'awaiting' | 'paid' | 'cancelled';

export interface BookingSeriesTable {
  id: string;
  owner_id: string;
  provider_id: string;
  service: string;
  /** JSON array of pet ids. */
  pets: string;
  /** JSON array of weekdays, 0 = Sunday. */
  weekdays: string;
  /** Local HH:MM in `time_zone`. */
  time: string;
  duration_minutes: number;
  /** The sitter's calendar time zone when the series was asked for. */
  time_zone: string;
  start_date: string;
  end_date: string;
  /** Start of the first occurrence (expiry of an undecided series). */
  first_start_at: string;
  /** JSON array of SeriesPlanItem: { date, start_at, end_at, conflict, skipped }. */
  occurrences: string;
  notes: string;
  status: 'pending' | 'accepted' | 'declined' | 'cancelled' | 'expired';
  units: number;
  rate_cents: number;
  occurrence_cents: number;
  /** Price of the occurrences asked for (those not skipped when sending). */
  price_cents: number;
  currency: string;
  credits_applied: number;
  /** Credits given back for the series as a whole (decline, skips); occurrences keep their own. */
  credits_refunded: number;
  charge_state: SeriesChargeState;
  card_cents: number;
  card_refunded_cents: number;
  payment_id: string | null;
  checkout_url: string | null;
  decided_at: string | null;
  created_at: string;
  updated_at: string;
}
