import type { FastifyInstance } from 'fastify';
import { serviceLabel, serviceWord } from '@pawsy/contract';
import type { DbOrTrx } from '../../db/index.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import {
  onPaymentSettled,
  openOneTimeCheckout,
  refundPayment,
  type OneTimeCheckout,
} from '../billing/index.ts';
import { refundCredits } from '../credits/index.ts';
import { notifyUser } from '../notifications/index.ts';
import { bookingMail } from './booking-reminder-notices.ts';
import {
  insertCharge,
  setRefundIfNone,
  settleIfAwaiting,
  type ChargeRow,
} from './booking-charges.repository.ts';
import { newEvent } from './booking-events.ts';
import { insertRequest } from './booking-requests.repository.ts';
import { settleSeriesPayment } from './booking-series-payments.service.ts';
import {
  findBooking,
  insertEvent,
  updateIfStatus,
  type BookingRow,
} from './bookings.repository.ts';
import { findParties } from './booking-parties.repository.ts';

/**
 * The card part of a new booking (what credits leave): its checkout page, asked for before the
 * booking is written (nothing is stored yet; see holdForCard).
 */
export function openCardCheckout(
  app: FastifyInstance,
  caller: AuthUser,
  row: BookingRow,
  cents: number,
): Promise<OneTimeCheckout> {
  return openOneTimeCheckout(app, {
    userId: caller.id,
    email: caller.email,
    kind: 'booking',
    referenceId: row.id,
    amountCents: cents,
    description: `${serviceLabel(row.service)} booking`,
    successPath: `/booking-details/${row.id}?payment=success`,
    cancelPath: `/booking-details/${row.id}?payment=cancelled`,
  });
}

/**
 * Inside the booking's transaction: an 'awaiting' charge with its checkout page, and the pending
 * payment. No sitter sees the booking until billing reports the payment settled.
 */
export async function holdForCard(
  trx: DbOrTrx,
  bookingId: string,
  cents: number,
  now: string,
  card: OneTimeCheckout,
): Promise<ChargeRow> {
  const charge: ChargeRow = {
    booking_id: bookingId,
    payment_id: card.paymentId,
    state: 'awaiting',
    card_cents: cents,
    card_refunded_cents: 0,
    checkout_url: card.url,
    created_at: now,
    updated_at: now,
  };
  await insertCharge(trx, charge);
  await card.record(trx);
  return charge;
}

/** The checkout was abandoned: the booking ends and every credit goes back. */
async function dropUnpaid(trx: DbOrTrx, bookingId: string, now: string): Promise<void> {
  if (!(await settleIfAwaiting(trx, bookingId, 'cancelled', now))) return;
  const booking = await findBooking(trx, bookingId);
  if (!booking) return;
  const ended = await updateIfStatus(trx, booking.id, 'pending', {
    status: 'cancelled',
    provider_id: null, // the sitter never saw it (hidden until paid), let alone took it on
    credits_refunded: booking.credits_applied,
    updated_at: now,
  });
  if (!ended) return;
  if (booking.credits_applied > 0)
    await refundCredits(trx, booking.owner_id, booking.credits_applied, booking.id);
  await insertEvent(
    trx,
    newEvent(booking.id, booking.owner_id, 'cancelled', now, 'Card payment cancelled'),
  );
}

/** Paid: the request reaches the sitter. False when the charge was no longer awaiting. */
async function release(trx: DbOrTrx, bookingId: string, now: string): Promise<BookingRow | null> {
  if (!(await settleIfAwaiting(trx, bookingId, 'paid', now))) return null;
  const booking = await findBooking(trx, bookingId);
  if (!booking) return null;
  if (booking.status === 'pending' && booking.provider_id)
    await insertRequest(trx, {
      id: newId(),
      booking_id: booking.id,
      provider_id: booking.provider_id,
      initiated_by: 'owner',
      state: 'pending',
      created_at: now,
      updated_at: now,
    });
  await insertEvent(trx, newEvent(booking.id, booking.owner_id, 'paid', now, 'Paid by card'));
  return booking;
}

/**
 * Called by the bookings routes plugin: billing reports settled booking payments here (billing
 * never imports bookings). Side effects that need no transaction run after it.
 */
export function registerBookingPayments(app: FastifyInstance): void {
  onPaymentSettled('booking', {
    paid: async (trx, payment) => {
      // A weekly series is paid once for all its occurrences (reference: the series id).
      if (await settleSeriesPayment(app, trx, payment, 'paid')) return;
      const now = nowIso();
      const booking = await release(trx, payment.reference_id, now);
      if (booking?.provider_id) {
        const providerId = booking.provider_id;
        // After billing's commit: the sitter is told only once the request is really theirs.
        setImmediate(() => {
          void notifySitter(app, booking, providerId).catch((err: unknown) =>
            app.log.error({ err }, 'booking request notification'),
          );
        });
      } else if (
        await setRefundIfNone(trx, payment.reference_id, 'cancelled', payment.amount_cents, now)
      ) {
        // Paid after the booking was cancelled: the whole card payment goes back.
        setImmediate(() => {
          void refundPayment(app, payment.id, payment.amount_cents).catch((err: unknown) =>
            app.log.error({ err }, 'refund of a late booking payment'),
          );
        });
      }
    },
    cancelled: async (trx, payment) => {
      if (await settleSeriesPayment(app, trx, payment, 'cancelled')) return;
      await dropUnpaid(trx, payment.reference_id, nowIso());
    },
  });
}

async function notifySitter(app: FastifyInstance, booking: BookingRow, providerId: string) {
  const [owner] = await findParties(app.db, [booking.owner_id]);
  await notifyUser(app, providerId, {
    type: 'booking-request',
    message: `${owner?.first_name ?? 'An owner'} asked you for ${serviceWord(booking.service)}`,
    data: { bookingId: booking.id },
    mail: bookingMail(booking.id, 'New booking request', 'Answer the request'),
  });
}
