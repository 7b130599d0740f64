import { z } from 'zod';
import { bookingStatus } from './bookings.ts';
import {
  boundedPageQuery,
  id,
  pageMeta,
  pathId,
  queryParam,
  text,
  trimmedText,
  userRef,
} from './common.ts';
import { REVIEW_BLIND_DAYS } from './reviews.ts';

/** SPEC §3: a dispute is open until an admin resolves or closes it (and may reopen it). */
export const disputeStatus = z.enum(['open', 'resolved', 'closed']);
export type DisputeStatus = z.infer<typeof disputeStatus>;

export const DISPUTE_REASON_MAX = 200;
export const DISPUTE_DESCRIPTION_MAX = 5000;
export const DISPUTE_RESOLUTION_MAX = 2000;
export const DISPUTE_MAX_FILES = 5;
export const DISPUTE_MAX_FILE_MB = 10;

/**
 * A party may open a dispute until this many days after the booking ends (the reviews' blind
 * window: an open dispute holds the booking's reviews, so both close on the same clock).
 */
export const DISPUTE_WINDOW_DAYS = REVIEW_BLIND_DAYS;

/**
 * Until when (ISO) a dispute can be opened on a booking: DISPUTE_WINDOW_DAYS after it ends, that
 * is after its end time or its completion, whichever is later.
 */
export function disputeClosesAt(booking: { endDate: string; completedAt: string | null }): string {
  const ended = Math.max(Date.parse(booking.endDate), Date.parse(booking.completedAt ?? '') || 0);
  return new Date(ended + DISPUTE_WINDOW_DAYS * 24 * 3600_000).toISOString();
}

/** The JSON body of POST /api/dispute/ (multipart carries the same fields plus `evidence` files). */
export const createDisputeBody = z.object({
  bookingId: id,
  reason: trimmedText({
    error: (issue) => (issue.input == null ? 'reason is required' : 'reason must be text'),
  })
    .min(1, 'reason is required')
    .max(DISPUTE_REASON_MAX, `reason must be at most ${DISPUTE_REASON_MAX} characters`),
  description: text('Description', DISPUTE_DESCRIPTION_MAX).default(''),
});
export type CreateDisputeBody = z.input<typeof createDisputeBody>;

const resolutionText = text('reason', DISPUTE_RESOLUTION_MAX).nullish();

/** `reason` is stored as the wire's rejectionReason; `rejectionReason` is accepted as its alias. */
export const disputeStatusBody = z.object({
  status: z.preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v), disputeStatus),
  // An empty value is no winner (SPEC §5 leaves empty values out), not a malformed id.
  winnerId: z.preprocess((v) => (v === '' ? null : v), id.nullish()),
  reason: resolutionText,
  rejectionReason: resolutionText,
  /** Optional: the status the admin's screen shows; another admin's move since then is a 409. */
  expectedStatus: z
    .preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v), disputeStatus)
    .optional(),
});
export type DisputeStatusBody = z.infer<typeof disputeStatusBody>;

export const disputeIdParams = z.object({ disputeId: pathId });
export const disputeEvidenceParams = z.object({ id: pathId, evidenceId: pathId });

export const disputeListQuery = boundedPageQuery(20, {
  status: queryParam(disputeStatus.optional()),
  /** Only the disputes on this booking (a booking has at most one open at a time). */
  bookingId: queryParam(id.optional()),
});
export type DisputeListQuery = z.input<typeof disputeListQuery>;

export const disputeParty = userRef;
export type DisputeParty = z.infer<typeof disputeParty>;

/** Enough of the booking to recognise it; the full booking is GET /api/booking/{id}. */
export const disputeBooking = z.object({
  _id: z.string(),
  service: z.string(),
  status: bookingStatus,
  startDate: z.string(),
  endDate: z.string(),
  owner: disputeParty,
  provider: disputeParty.nullable(),
});

export const disputeEvidence = z.object({
  _id: z.string(),
  /** GET it with the session headers; served only to the parties and admins. */
  url: z.string(),
  mime: z.string(),
  name: z.string(),
});

export const disputeWire = z.object({
  _id: z.string(),
  bookingId: z.string(),
  booking: disputeBooking,
  openedBy: z.string(),
  reason: z.string(),
  description: z.string(),
  status: disputeStatus,
  winnerId: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  /** True once it has been resolved or closed before: an open one then shows as "reopened". */
  reopened: z.boolean(),
  evidence: z.array(disputeEvidence),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DisputeWire = z.infer<typeof disputeWire>;

export const disputeResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: disputeWire,
});
export const disputeListResponse = z.object({
  success: z.literal(true),
  data: z.array(disputeWire),
  meta: z.object(pageMeta),
  ...pageMeta,
});
