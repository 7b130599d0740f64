import type { FastifyInstance, FastifyReply } from 'fastify';
import { serviceWord } from '@pawsy/contract';
import type { BookingStatus, BookingWire } from '@pawsy/contract';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { storeReencodedImage } from '../../lib/images.ts';
import { IMAGE_TYPES, removeUpload, sendUpload, type StoredFile } from '../../lib/uploads.ts';
import { refundCredits } from '../credits/index.ts';
import { notifyUser } from '../notifications/index.ts';
import { bookingMail } from './booking-reminder-notices.ts';
import { closeOpenRequests } from './booking-requests.repository.ts';
import {
  actorFor,
  checkCancelTime,
  checkCheckIn,
  checkTransition,
  eventTypeFor,
} from './booking-state.ts';
import { bookingWireById } from './booking-wires.service.ts';
import { isParty, loadVisibleBooking } from './bookings.access.ts';
import { findEvent, insertEvent, updateIfStatus } from './bookings.repository.ts';
import { refundOnCancel } from './pricing.ts';
import { followUpCard, settleCardOnCancel } from './booking-refunds.service.ts';

export type StatusInput = { status: BookingStatus; note?: string; image?: StoredFile | null };

/** Each takes the service as a word in a sentence (`serviceWord`: "dog walking"). */
const MESSAGES: Record<string, (service: string) => string> = {
  started: (s) => `Your ${s} booking has started`,
  completed: (s) => `Your ${s} booking is complete — leave a review`,
  cancelled: (s) => `The ${s} booking was cancelled`,
  'check-in': (s) => `New check-in on your ${s} booking`,
};
/** The moves mailed too (check-ins are not: a sitter may post several a visit). */
const MAIL_SUBJECTS: Record<string, string> = {
  started: 'Your booking has started',
  completed: 'Your booking is complete',
  cancelled: 'A booking was cancelled',
};

/**
 * PUT /booking/accept/{id} with `status`: a move of the state machine (booking-state.ts) or, by
 * the sitter during a stay, a check-in (same status with a note or photo). The UPDATE is
 * conditional on the status read, so a concurrent move makes this one a 409, never a double move.
 */
export async function changeStatus(
  app: FastifyInstance,
  caller: AuthUser,
  bookingId: string,
  input: StatusInput,
): Promise<BookingWire> {
  const stored = { name: null as string | null };
  try {
    return await applyStatus(app, caller, bookingId, input, stored);
  } catch (err) {
    removeUpload(app.storage, input.image?.storedName);
    removeUpload(app.storage, stored.name);
    throw err;
  }
}

async function applyStatus(
  app: FastifyInstance,
  caller: AuthUser,
  bookingId: string,
  input: StatusInput,
  stored: { name: string | null },
): Promise<BookingWire> {
  const booking = await loadVisibleBooking(app.db, caller, bookingId);
  const actor = actorFor(booking, caller);
  const hasContent = Boolean(input.note) || Boolean(input.image);
  const isCheckIn = input.status === booking.status && input.status === 'in-progress' && hasContent;
  const check = isCheckIn
    ? checkCheckIn(booking.status, actor)
    : checkTransition(booking.status, input.status, actor);
  if (!check.ok) throw check.forbidden ? forbidden(check.reason) : conflict(check.reason);
  if (input.status === 'cancelled') {
    const late = checkCancelTime(booking, actor, new Date());
    if (!late.ok) throw conflict(late.reason);
  }
  if (!isCheckIn && input.status === 'in-progress')
    assertStartable(booking.start_at, app.config.bookingStartLeadMinutes);
  if (input.status === 'completed')
    assertCompletable(booking.start_at, app.config.bookingCompleteLeadMinutes);
  // Photos are re-encoded like profile photos: a phone's EXIF would give away where the pet is.
  if (input.image)
    stored.name = (await storeReencodedImage(app.storage, input.image, IMAGE_TYPES)).name;
  const now = nowIso();
  const type = isCheckIn ? 'check-in' : eventTypeFor(input.status);
  let withdrawn: string[] = [];
  let refunded = 0;
  let cardRefund: Awaited<ReturnType<typeof settleCardOnCancel>>['refund'] = null;

  await app.db.transaction().execute(async (trx) => {
    if (!isCheckIn) {
      if (input.status === 'cancelled') {
        // The card part follows the same policy as credits; an unpaid booking gets all back.
        const policy = (paid: number) =>
          refundOnCancel({
            creditsApplied: paid,
            startAt: new Date(booking.start_at),
            now: new Date(now),
            cancelledBy: actor === 'owner' ? 'owner' : 'provider',
            accepted: booking.status !== 'pending',
          });
        const card = await settleCardOnCancel(trx, booking.id, policy, now);
        cardRefund = card.refund;
        refunded = card.unpaid ? booking.credits_applied : policy(booking.credits_applied);
      }
      const moved = await updateIfStatus(trx, booking.id, booking.status, {
        status: input.status,
        updated_at: now,
        ...(input.status === 'completed' ? { completed_at: now } : {}),
        // Cancelled before any sitter took it on: the named sitter (a direct request) stops being
        // its sitter, as one who declines does, and loses the booking and its chat.
        ...(input.status === 'cancelled'
          ? {
              cancelled_by: caller.id,
              credits_refunded: refunded,
              ...(booking.status === 'pending' ? { provider_id: null } : {}),
            }
          : {}),
      });
      if (!moved) throw conflict('The booking changed in the meantime; reload it and try again');
      if (refunded > 0) await refundCredits(trx, booking.owner_id, refunded, booking.id);
      if (input.status === 'cancelled')
        withdrawn = await closeOpenRequests(trx, booking.id, null, now);
    }
    await insertEvent(trx, {
      id: newId(),
      booking_id: booking.id,
      actor_id: caller.id,
      type,
      note: input.note || null,
      image_path: stored.name,
      image_mime: stored.name ? 'image/webp' : null,
      created_at: now,
    });
  });

  await followUpCard(app, cardRefund);
  const wire = await bookingWireById(app.db, booking.id);
  const other = actor === 'owner' ? booking.provider_id : booking.owner_id;
  const message = MESSAGES[type]?.(serviceWord(booking.service)) ?? `Booking ${type}`;
  if (other && !withdrawn.includes(other))
    await notifyUser(app, other, {
      type: `booking-${type}`,
      message,
      data: { bookingId: booking.id },
      ...(MAIL_SUBJECTS[type] && { mail: bookingMail(booking.id, MAIL_SUBJECTS[type]) }),
    });
  for (const providerId of withdrawn) {
    await notifyUser(app, providerId, {
      type: 'booking-withdrawn',
      message: `The ${serviceWord(booking.service)} booking you asked about was cancelled`,
      data: { bookingId: booking.id },
    });
  }
  return wire;
}

/** Check-in photos: only to the two parties and admins. */
export async function sendEventImage(
  app: FastifyInstance,
  reply: FastifyReply,
  caller: AuthUser,
  bookingId: string,
  eventId: string,
): Promise<FastifyReply> {
  const booking = await loadVisibleBooking(app.db, caller, bookingId);
  if (!isParty(booking, caller.id) && caller.userType !== 'admin') throw notFound('Image');
  const ev = await findEvent(app.db, booking.id, eventId);
  if (!ev?.image_path || !ev.image_mime) throw notFound('Image');
  return sendUpload(reply, app.storage, ev.image_path, ev.image_mime);
}

export function assertImageAllowed(status: BookingStatus, image: StoredFile | null): void {
  if (image && status !== 'in-progress' && status !== 'completed')
    throw badRequest('A photo can be attached when starting, checking in or completing', 'image');
}

/**
 * A sitter starts a booking at most `leadMinutes` before its start time: starting is what ends the
 * owner's right to cancel (and the refund that goes with it), so it cannot come weeks early.
 */
function assertStartable(startAt: string, leadMinutes: number): void {
  if (isWithinLead(startAt, leadMinutes)) return;
  throw conflict(`A booking can be started at most ${leadText(leadMinutes)} before it begins`);
}

/**
 * Completing opens reviews and ends the stay for good, so it waits until the booking has begun:
 * `leadMinutes` (BOOKING_COMPLETE_LEAD_MINUTES, 0 by default) before its start at the earliest.
 */
function assertCompletable(startAt: string, leadMinutes: number): void {
  if (isWithinLead(startAt, leadMinutes)) return;
  const from = new Date(Date.parse(startAt) - leadMinutes * 60_000).toISOString();
  throw conflict(
    leadMinutes === 0
      ? `A booking can be completed once it has begun (from ${from})`
      : `A booking can be completed at most ${leadText(leadMinutes)} before it begins (from ${from})`,
  );
}

const isWithinLead = (startAt: string, leadMinutes: number): boolean =>
  Date.now() >= Date.parse(startAt) - leadMinutes * 60_000;

const leadText = (minutes: number): string =>
  minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}` : `${minutes} minutes`;
