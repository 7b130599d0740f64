import { z } from 'zod';
import {
  bounded,
  boundedPageQuery,
  fieldWords,
  id,
  isoDateTime,
  pageMeta,
  queryParam,
  text,
} from './common.ts';
import { isoDate } from './availability.ts';
import { bookingStatus, providerCard, userCard } from './bookings.ts';
import { normalizeService, SERVICES } from './services.ts';

/**
 * Recurring bookings: one request for a weekly series (a service, pets, weekdays and a local time,
 * from a start date to an end date or for a count), accepted or declined as a whole. Accepting
 * creates one booking per occurrence; each runs through the usual state machine.
 */

/** A series spans at most this many weeks from its start date. */
export const MAX_SERIES_WEEKS = 12;
export const MAX_SERIES_OCCURRENCES = MAX_SERIES_WEEKS * 7;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM (00:00 to 23:59)');
const serviceName = z
  .string()
  .trim()
  .min(1, 'Service is required')
  .max(60, fieldWords.atMostChars('Service', 60))
  .transform(normalizeService)
  .refine((v) => SERVICES.some((s) => s.value === v), 'Unknown service');

export const seriesBody = z
  .object({
    provider_id: id,
    service: serviceName,
    pets: z.array(id).min(1, 'Choose at least one pet').max(10, 'At most 10 pets per booking'),
    /** 0 = Sunday … 6 = Saturday. */
    weekdays: z
      .array(bounded('A weekday', 0, 6))
      .min(1, 'Choose at least one weekday')
      .max(7, fieldWords.atMostItems('weekdays', 7))
      .transform((d) => [...new Set(d)].sort((a, b) => a - b)),
    /** Local start time in the sitter's time zone. */
    time: hhmm,
    durationMinutes: bounded('durationMinutes', 15, 24 * 60),
    startDate: isoDate,
    endDate: isoDate.optional(),
    count: bounded('count', 1, MAX_SERIES_OCCURRENCES).optional(),
    notes: text('Notes', 2000).default(''),
    creditsToApply: bounded('creditsToApply', 0, 100_000_000).default(0),
    /** Send without the occurrences that collide with the sitter's calendar (else 409). */
    skipConflicts: z.boolean().default(false),
  })
  .refine((b) => (b.endDate === undefined) !== (b.count === undefined), {
    message: 'Give either endDate or count',
    path: ['endDate'],
  })
  .refine((b) => b.endDate === undefined || b.endDate >= b.startDate, {
    message: 'endDate must be on or after startDate',
    path: ['endDate'],
  })
  .refine(
    (b) =>
      b.endDate === undefined ||
      Date.parse(`${b.endDate}T00:00:00Z`) - Date.parse(`${b.startDate}T00:00:00Z`) <
        MAX_SERIES_WEEKS * 7 * 86_400_000,
    { message: `A series can span at most ${MAX_SERIES_WEEKS} weeks`, path: ['endDate'] },
  );
export type SeriesBody = z.input<typeof seriesBody>;
export type SeriesInput = z.output<typeof seriesBody>;

export const seriesOccurrence = z.object({
  /** Local date in the sitter's time zone. */
  date: z.string(),
  startAt: isoDateTime,
  endAt: isoDateTime,
  /** Why the sitter cannot take this one, or null. */
  conflict: z.string().nullable(),
  /** The booking made for it once the series is accepted (null before, or when skipped). */
  bookingId: z.string().nullable(),
  status: bookingStatus.nullable(),
  skipped: z.boolean(),
});
export type SeriesOccurrence = z.infer<typeof seriesOccurrence>;

export const seriesPreview = z.object({
  timeZone: z.string(),
  occurrences: z.array(seriesOccurrence),
  /** Per occurrence, and for the occurrences free of conflicts. */
  rateCents: z.number().int(),
  rateSource: z.enum(['sitter', 'suggested']),
  unitsPerOccurrence: z.number().int(),
  unitLabel: z.enum(['night', 'hour']),
  occurrenceCents: z.number().int(),
  totalCents: z.number().int(),
  currency: z.string(),
  creditsBalance: z.number().int(),
});
export const seriesPreviewResponse = z.object({ success: z.literal(true), data: seriesPreview });

export const seriesStatus = z.enum(['pending', 'accepted', 'declined', 'cancelled', 'expired']);
export type SeriesStatus = z.infer<typeof seriesStatus>;

/** `id` repeats `_id` (the web app's name for it). */
export const seriesWire = z.object({
  _id: z.string(),
  id: z.string(),
  owner: userCard,
  provider: providerCard,
  service: z.string(),
  pets: z.array(z.string()),
  weekdays: z.array(z.number()),
  time: z.string(),
  durationMinutes: z.number(),
  timeZone: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  notes: z.string(),
  status: seriesStatus,
  occurrences: z.array(seriesOccurrence),
  priceCents: z.number().int(),
  currency: z.string(),
  creditsApplied: z.number().int(),
  creditsRefunded: z.number().int(),
  /** Card share still to pay at checkout (null when nothing is due by card). */
  amountDueCents: z.number().int().nullable(),
  paid: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SeriesWire = z.infer<typeof seriesWire>;

export const seriesResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: seriesWire,
  /** Set when part of the price is paid by card: the checkout page to send the owner to. */
  checkoutUrl: z.string().nullable().optional(),
});
/** GET /api/booking/series: newest first, 100 a page unless `limit` says fewer. */
export const seriesListQuery = boundedPageQuery(100, {
  role: queryParam(z.enum(['owner', 'provider']).optional()),
  status: queryParam(seriesStatus.optional()),
});
export const seriesListResponse = z.object({
  success: z.literal(true),
  data: z.array(seriesWire),
  ...pageMeta,
});
export const seriesDecisionBody = z.object({ decision: z.enum(['accepted', 'rejected']) });
/** Cancel one occurrence (its booking id) or every occurrence not yet started ('rest'). */
export const seriesCancelBody = z
  .object({ scope: z.enum(['occurrence', 'rest']), bookingId: id.optional() })
  .refine((b) => b.scope === 'rest' || b.bookingId !== undefined, {
    message: 'bookingId is required to cancel one occurrence',
    path: ['bookingId'],
  });
/** 409 when occurrences collide and skipConflicts is false. */
export const seriesConflictBody = z.object({
  message: z.string(),
  code: z.string().optional(),
  occurrences: z.array(seriesOccurrence),
});
