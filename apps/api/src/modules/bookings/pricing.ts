import { serviceUnit } from '@pawsy/contract';
import { wallClockSpan } from '../availability/index.ts';

/**
 * Pure price and refund rules (no I/O).
 *
 * Units: overnight services (the catalogue's night services) are charged per night = ceil(days),
 * the days counted on the wall clock of `timeZone` (the sitter's calendar zone), so a
 * daylight-saving change never adds or removes a night (Sat 18:00 → Sun 18:00 is one night even
 * when that day lasts 25 h); every other service per started hour of elapsed time = ceil(hours).
 * At least one unit. Price = rate × units, in the sitter's currency and integer cents.
 */
const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

export const MAX_BOOKING_DAYS = 60;
export const MAX_BOOKING_LEAD_DAYS = 365;
export { CANCELLATION_POLICY, FULL_REFUND_NOTICE_HOURS, refundOnCancel } from '@pawsy/contract';

export type Quote = {
  units: number;
  unitLabel: 'night' | 'hour';
  rateCents: number;
  amountCents: number;
  currency: string;
};

export function unitFor(service: string): 'night' | 'hour' {
  return serviceUnit(service);
}

export function countUnits(service: string, start: Date, end: Date, timeZone: string): number {
  if (unitFor(service) === 'night')
    return Math.max(1, Math.ceil(wallClockSpan(start, end, timeZone) / DAY_MS));
  return Math.max(1, Math.ceil((end.getTime() - start.getTime()) / HOUR_MS));
}

export function quotePrice(
  service: string,
  start: Date,
  end: Date,
  rateCents: number,
  currency: string,
  timeZone: string,
): Quote {
  const units = countUnits(service, start, end, timeZone);
  return {
    units,
    unitLabel: unitFor(service),
    rateCents,
    amountCents: units * rateCents,
    currency,
  };
}

/** Why these dates cannot be booked, and which of the two fields it is about; null when they can. */
export function checkDates(
  start: Date,
  end: Date,
  now = new Date(),
): { field: 'startDate' | 'endDate'; message: string } | null {
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()))
    return {
      field: Number.isNaN(start.getTime()) ? 'startDate' : 'endDate',
      message: 'Invalid dates',
    };
  if (start.getTime() <= now.getTime())
    return { field: 'startDate', message: 'startDate must be in the future' };
  if (end.getTime() <= start.getTime())
    return { field: 'endDate', message: 'endDate must be after startDate' };
  // Too long is the end's fault: the start may be right, the end went too far.
  if (end.getTime() - start.getTime() > MAX_BOOKING_DAYS * DAY_MS)
    return { field: 'endDate', message: `A booking can last at most ${MAX_BOOKING_DAYS} days` };
  if (start.getTime() - now.getTime() > MAX_BOOKING_LEAD_DAYS * DAY_MS)
    return {
      field: 'startDate',
      message: `startDate must be within ${MAX_BOOKING_LEAD_DAYS} days`,
    };
  return null;
}
