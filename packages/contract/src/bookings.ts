import { z } from 'zod';
import {
  bounded,
  boundedPageQuery,
  fieldWords,
  id,
  isoInstant,
  pageMeta,
  pathId,
  plainText,
  queryParam,
  text,
  userRef,
} from './common.ts';
import { normalizeService } from './services.ts';

export const bookingStatuses = [
  'pending',
  'accepted',
  'in-progress',
  'completed',
  'cancelled',
] as const;
export const bookingStatus = z.enum(bookingStatuses);
export type BookingStatus = z.infer<typeof bookingStatus>;

const bookingInstant = isoInstant('Must be an ISO 8601 date-time');

/** A catalogue value or label, stored as the value; a sitter must have a rate for it. */
export const serviceName = z
  .string()
  .trim()
  .min(1, 'Service is required')
  .max(60, fieldWords.atMostChars('Service', 60))
  .transform(normalizeService);

export const createBookingBody = z.object({
  service: serviceName,
  // Piped: a value that is no list gets one message, not the list's bounds measured on a string.
  pets: z
    .array(id, { error: fieldWords.notA('pets', 'a list of pet ids') })
    .pipe(
      z.array(z.string()).min(1, 'Choose at least one pet').max(10, 'At most 10 pets per booking'),
    )
    .meta({ minItems: 1, maxItems: 10 }),
  startDate: bookingInstant,
  endDate: bookingInstant,
  notes: text('Notes', 2000).default(''),
  provider_id: id.nullish(),
  creditsToApply: bounded('creditsToApply', 0, 100_000_000).default(0),
});
export type CreateBookingBody = z.input<typeof createBookingBody>;

export const quoteBody = z.object({
  provider_id: id,
  service: serviceName,
  startDate: bookingInstant,
  endDate: bookingInstant,
});
export const quoteData = z.object({
  units: z.number().int(),
  unitLabel: z.enum(['night', 'hour']),
  rateCents: z.number().int(),
  /** 'suggested' while the sitter has not set a rate of their own for this listed service. */
  rateSource: z.enum(['sitter', 'suggested']),
  amountCents: z.number().int(),
  currency: z.string(),
  creditsBalance: z.number().int(),
  maxCreditsApplicable: z.number().int(),
  /** Whether the sitter's calendar is free for these dates (a request would get 409 if not). */
  available: z.boolean().optional(),
  /** Why not, when `available` is false: the same message the 409 would carry. */
  conflict: z.string().optional(),
});
export const quoteResponse = z.object({ success: z.literal(true), data: quoteData });

export const userCard = userRef.extend({ image: z.string().nullable() });
export const providerCard = userCard.extend({
  city: z.string().nullable(),
  rating: z.number().nullable(),
  reviewsCount: z.number().int(),
});

export const timelineEntry = z.object({
  _id: z.string(),
  type: z.string(),
  at: z.string(),
  /** Which party made the step; null when neither did (an admin, or the clock: an expiry). */
  by: z.enum(['owner', 'sitter']).nullable(),
  note: z.string().nullable(),
  image: z.string().nullable(),
});

/**
 * How a booking is paid: credits first, the rest by card through the payment gateway. `status`
 * 'none' = nothing to pay by card; 'awaiting' = the card payment is not made yet and no sitter
 * sees the booking; `checkoutUrl` (owner only, while awaiting) resumes the payment.
 */
export const bookingPayment = z.object({
  status: z.enum(['none', 'awaiting', 'paid', 'cancelled']),
  creditsCents: z.number().int(),
  creditsRefundedCents: z.number().int(),
  cardCents: z.number().int(),
  cardRefundedCents: z.number().int(),
  /** Of the cents above: the currency billing charges cards in (credits are kept in it too). */
  currency: z.string(),
  checkoutUrl: z.string().nullable(),
});
export type BookingPayment = z.infer<typeof bookingPayment>;

export const bookingWire = z.object({
  _id: z.string(),
  id: z.string(),
  user_id: z.string(),
  owner: userCard,
  provider_id: z.string().nullable(),
  provider: providerCard.nullable(),
  service: z.string(),
  pets: z.array(z.string()),
  startDate: z.string(),
  endDate: z.string(),
  notes: z.string(),
  status: bookingStatus,
  price: z
    .object({
      amountCents: z.number().int(),
      currency: z.string(),
      units: z.number().int(),
      unitLabel: z.enum(['night', 'hour']),
      rateCents: z.number().int(),
    })
    .nullable(),
  creditsApplied: z.number().int().describe('Cents of `payment.currency` (credits spent on it)'),
  creditsRefunded: z.number().int().describe('Cents of `payment.currency` (credits given back)'),
  amountDueCents: z
    .number()
    .int()
    .nullable()
    .describe('Cents of `price.currency`: the price less credits applied; null while unpriced'),
  payment: bookingPayment,
  timeline: z.array(timelineEntry),
  cancellationPolicy: z.string(),
  distanceKm: z.number().optional(),
  /**
   * Open bookings in a sitter's feed: the kinds of its pets ("dog", "cat"), one per pet, what a
   * sitter decides on before applying; the pets themselves show once the booking is theirs.
   */
  petKinds: z.array(z.string()).optional(),
  /**
   * Open bookings in a sitter's feed that the sitter cannot apply to: a kind of pet their profile
   * does not take (`pets`), or their own calendar (`calendar`: days away, weekly hours, capacity);
   * `message` is what their application would be refused (409) with.
   */
  cannotApply: z.object({ reason: z.enum(['pets', 'calendar']), message: z.string() }).optional(),
  /** Set on the occurrences of a recurring series. */
  seriesId: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BookingWire = z.infer<typeof bookingWire>;

export const bookingResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: bookingWire,
});

export const bookingListQuery = boundedPageQuery(20, {
  status: queryParam(bookingStatus.optional()),
});
export const providerBookingsQuery = boundedPageQuery(20, {
  status: queryParam(bookingStatus.default('in-progress')),
});
export const bookingListResponse = z.object({
  success: z.literal(true),
  data: z.array(bookingWire),
  ...pageMeta,
});

export const bookingReview = z.object({
  _id: z.string(),
  bookingId: z.string(),
  author: userCard,
  subjectId: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  visible: z.boolean(),
  /**
   * Hidden though due to show (both reviewed, or the blind window is over): an open dispute on
   * the booking holds the reviews until it is settled.
   */
  onHold: z.boolean(),
  createdAt: z.string(),
});
export const bookingDetailResponse = z.object({
  booking: bookingWire,
  reviews: z.array(bookingReview),
});

export const sendRequestBody = z.object({ providerId: id.optional() }).nullish();
/** What an owner's send-request must carry: the sitter invited (a sitter applying names nobody). */
export const sitterInviteBody = z.object({ providerId: id });
/**
 * `withdrawn`: the sitter took back their own application; `closed`: the request ended without
 * anyone answering it (another sitter was accepted, the booking was cancelled or expired).
 */
export const requestState = z.enum(['pending', 'accepted', 'rejected', 'withdrawn', 'closed']);
export const bookingRequestWire = z.object({
  _id: z.string(),
  bookingId: z.string(),
  providerId: z.string(),
  provider: providerCard,
  state: requestState,
  initiatedBy: z.enum(['owner', 'provider']),
  createdAt: z.string(),
});
export const sendRequestResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: bookingRequestWire,
});
export const requestsResponse = z.object({
  success: z.literal(true),
  providers: z.array(bookingRequestWire),
});

/** PUT /booking/accept/{id}: either a decision on a request or a status move. */
export const decisionBody = z.object({
  providerId: id,
  decision: z.enum(['accepted', 'rejected']),
});
export const statusBody = z.object({
  status: bookingStatus,
  note: text('Note', 500).optional(),
  id: plainText('id', 64).optional(),
  provider_id: plainText('provider_id', 64).nullish(),
});
// Strict: which of the two shapes a body has decides what the call does, so a body that mixes
// them is refused rather than read as one of them.
export const acceptBody = z.union([decisionBody.strict(), statusBody.strict()]);

export const bookingEventParams = z.object({ id: pathId, eventId: pathId });

/** GET /booking/requests/mine: the calling sitter's requests, newest first, with their booking. */
export const myRequestsQuery = boundedPageQuery(20, { state: queryParam(requestState.optional()) });
export const requestBookingSummary = bookingWire
  .pick({
    _id: true,
    service: true,
    startDate: true,
    endDate: true,
    status: true,
    owner: true,
    price: true,
    pets: true,
    notes: true,
  })
  // A request no longer pending or accepted carries only what the sitter applied for: no status,
  // pets or notes, and a null price (they lost the booking).
  .partial({ status: true, pets: true, notes: true });
export const myRequestWire = bookingRequestWire.extend({
  booking: requestBookingSummary,
  /**
   * A pending invitation the sitter's calendar rules out now (another booking that night, days
   * away, weekly hours): what accepting it would be refused (409) with, so no Accept is offered.
   */
  cannotAccept: z.object({ reason: z.literal('calendar'), message: z.string() }).optional(),
});
export type MyRequestWire = z.infer<typeof myRequestWire>;
export const myRequestsResponse = z.object({
  success: z.literal(true),
  data: z.array(myRequestWire),
  ...pageMeta,
});

// ---- Types of the calls above, for clients (requests as sent, answers as received) ----
/** Query types are what a client may send: every field optional, the server fills defaults. */
export type BookingListQuery = Partial<z.infer<typeof bookingListQuery>>;
export type MyRequestsQuery = Partial<z.infer<typeof myRequestsQuery>>;
export type QuoteBody = z.input<typeof quoteBody>;
export type DecisionBody = z.infer<typeof decisionBody>;
export type StatusBody = z.infer<typeof statusBody>;
export type Quote = z.infer<typeof quoteData>;
export type QuoteResponse = z.infer<typeof quoteResponse>;
export type BookingResponse = z.infer<typeof bookingResponse>;
export type BookingListResponse = z.infer<typeof bookingListResponse>;
export type BookingReview = z.infer<typeof bookingReview>;
export type BookingDetailResponse = z.infer<typeof bookingDetailResponse>;
export type RequestState = z.infer<typeof requestState>;
export type BookingRequestWire = z.infer<typeof bookingRequestWire>;
export type SendRequestResponse = z.infer<typeof sendRequestResponse>;
export type RequestsResponse = z.infer<typeof requestsResponse>;
export type MyRequestsResponse = z.infer<typeof myRequestsResponse>;
