import { bookingMail } from './booking-reminder-notices.ts';
import { formatStart } from '../../lib/house-dates.ts';
import type { FastifyInstance } from 'fastify';
import { serviceWord } from '@pawsy/contract';
import type { BookingWire } from '@pawsy/contract';
import { conflict } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/ids.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { refundCredits } from '../credits/index.ts';
import { assertSitterFree, lockSitter, sitterTimeZone } from '../availability/index.ts';
import { markNoticesRead, notifyUser } from '../notifications/index.ts';
import { newEvent } from './booking-events.ts';
import { setStateIfPending, closeOpenRequests } from './booking-requests.repository.ts';
import {
  alreadyAccepted,
  bookingInterval,
  loadDecidableRequest,
} from './booking-requests.service.ts';
import { bookingWireById } from './booking-wires.service.ts';
import { acceptIfPending, insertEvent, updateIfStatus } from './bookings.repository.ts';
import { findParties } from './booking-parties.repository.ts';
import { loadProviderRate } from './bookings.service.ts';
import { quotePrice } from './pricing.ts';
import { followUpCard, settleCardOnCancel } from './booking-refunds.service.ts';

/**
 * PUT /booking/accept/{id} with `{ providerId, decision }`, decided by the counterpart of whoever
 * opened the request. Acceptance is one transaction around a conditional UPDATE (still pending,
 * no other sitter): of two racing acceptances exactly one changes a row, the other gets 409.
 * Before it, under the sitter's lock, the sitter's calendar must be free for the booking (409
 * naming the conflict otherwise): acceptances of different bookings by one sitter take turns, so
 * they never overbook a capacity (docs/decisions.md "Availability — enforcement").
 */
export async function decideRequest(
  app: FastifyInstance,
  caller: AuthUser,
  bookingId: string,
  input: { providerId: string; decision: 'accepted' | 'rejected' },
): Promise<BookingWire> {
  const { booking, request } = await loadDecidableRequest(app, caller, bookingId, input.providerId);
  const now = nowIso();
  const isDirect = booking.provider_id === request.provider_id;
  let withdrawn: string[] = [];
  let cardRefund: Awaited<ReturnType<typeof settleCardOnCancel>>['refund'] = null;
  const [sitter] = await findParties(app.db, [request.provider_id]);

  if (input.decision === 'accepted') {
    // The rule the expiry sweep applies (expireIfPending): a pending booking whose start has come
    // is over, whether or not the sweep has run yet. acceptIfPending repeats it in its UPDATE.
    if (booking.start_at <= now) throw startPassed();
    withdrawn = await app.db.transaction().execute(async (trx) => {
      // First thing: lock the sitter, so this check and the acceptance below are one step.
      const timeZone = await assertSitterFree(
        trx,
        request.provider_id,
        booking.service,
        bookingInterval(booking),
        {
          lock: true,
          ignoreBookingId: booking.id,
          who: caller.id === request.provider_id ? { you: true } : { name: sitter?.first_name },
        },
      );
      let price = {};
      if (booking.price_cents === null) {
        const { provider, rateCents } = await loadProviderRate(
          trx,
          request.provider_id,
          booking.service,
        );
        const q = quotePrice(
          booking.service,
          new Date(booking.start_at),
          new Date(booking.end_at),
          rateCents,
          provider.currency,
          timeZone,
        );
        price = {
          units: q.units,
          rate_cents: q.rateCents,
          price_cents: q.amountCents,
          currency: q.currency,
        };
      }
      if (
        !(await acceptIfPending(trx, booking.id, request.provider_id, now, {
          updated_at: now,
          ...price,
        }))
      )
        throw alreadyAccepted();
      if (!(await setStateIfPending(trx, request.id, 'accepted', now)))
        throw conflict('This request is no longer pending');
      const others = await closeOpenRequests(trx, booking.id, request.id, now);
      await insertEvent(trx, newEvent(booking.id, caller.id, 'accepted', now));
      return others;
    });
  } else {
    await app.db.transaction().execute(async (trx) => {
      // The sitter first, as acceptance does: a decline racing an acceptance of the same request
      // waits for it instead of locking the request and the booking in the other order (deadlock).
      await lockSitter(trx, request.provider_id);
      if (!(await setStateIfPending(trx, request.id, 'rejected', now)))
        throw conflict('This request is no longer pending');
      if (!isDirect) return;
      // A direct request declined by its sitter ends the booking; the owner gets every credit back.
      // The sitter never took it on, so they stop being its sitter (provider_id cleared): like a
      // rejected applicant they lose the booking and its chat. Their rejected request still says
      // whom the owner asked (docs/decisions.md "Declined direct requests").
      const cancelled = await updateIfStatus(trx, booking.id, 'pending', {
        status: 'cancelled',
        provider_id: null,
        cancelled_by: caller.id,
        credits_refunded: booking.credits_applied,
        updated_at: now,
      });
      if (!cancelled) throw conflict('This booking is no longer pending');
      cardRefund = (await settleCardOnCancel(trx, booking.id, (paid) => paid, now)).refund;
      if (booking.credits_applied > 0)
        await refundCredits(trx, booking.owner_id, booking.credits_applied, booking.id);
      await insertEvent(trx, newEvent(booking.id, caller.id, 'declined', now));
    });
  }

  await followUpCard(app, cardRefund);
  // A sitter who declined an invitation or a direct request no longer sees the booking: the
  // notice asking them is answered (its link would open a booking they cannot read).
  if (input.decision === 'rejected' && caller.id === request.provider_id)
    for (const type of ['booking-invitation', 'booking-request'])
      await markNoticesRead(app, caller.id, { type, bookingId: booking.id });
  const wire = await bookingWireById(app.db, booking.id);
  const counterpart = request.initiated_by === 'provider' ? request.provider_id : booking.owner_id;
  const who =
    request.initiated_by === 'provider' ? 'The owner' : (sitter?.first_name ?? 'The sitter');
  const start = formatStart(booking.start_at, await sitterTimeZone(app.db, request.provider_id));
  await notifyUser(app, counterpart, {
    type: 'booking-decision',
    message:
      input.decision === 'accepted'
        ? `${who} accepted the ${serviceWord(booking.service)} booking for ${start}`
        : `${who} declined the ${serviceWord(booking.service)} booking for ${start}`,
    data: { bookingId: booking.id, decision: input.decision },
    mail: bookingMail(
      booking.id,
      input.decision === 'accepted' ? 'Booking accepted' : 'Booking declined',
    ),
  });
  for (const providerId of withdrawn) {
    await notifyUser(app, providerId, {
      type: 'booking-withdrawn',
      message: `The ${serviceWord(booking.service)} booking you asked about went to another sitter`,
      data: { bookingId: booking.id },
    });
  }
  return wire;
}

const startPassed = () =>
  conflict('The start time of this booking has passed: it can no longer be accepted');
