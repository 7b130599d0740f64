import type { FastifyInstance } from 'fastify';
import type { DbOrTrx } from '../../db/index.ts';
import { refundPayment } from '../billing/index.ts';
import { findCharge, setRefundIfNone, settleIfAwaiting } from './booking-charges.repository.ts';

/** A card refund decided inside a transaction, sent to the gateway after the commit. */
export type CardRefund = { paymentId: string; cents: number } | null;

/**
 * Inside a cancelling transaction: an unpaid charge is closed (the caller refunds all credits);
 * a paid one records its refund, computed by `policy` from what the card paid. The gateway call
 * comes after the commit (refundCard).
 */
export async function settleCardOnCancel(
  trx: DbOrTrx,
  bookingId: string,
  policy: (paidCents: number) => number,
  now: string,
): Promise<{ unpaid: boolean; refund: CardRefund }> {
  let charge = await findCharge(trx, bookingId);
  if (!charge) return { unpaid: false, refund: null };
  if (charge.state === 'awaiting') {
    if (await settleIfAwaiting(trx, bookingId, 'cancelled', now))
      return { unpaid: true, refund: null };
    // Paid in the meantime: refund it like any paid booking.
    charge = (await findCharge(trx, bookingId)) ?? charge;
  }
  const cents = charge.state === 'paid' ? policy(charge.card_cents) : 0;
  if (cents <= 0 || !(await setRefundIfNone(trx, bookingId, 'paid', cents, now)))
    return { unpaid: false, refund: null };
  return { unpaid: false, refund: { paymentId: charge.payment_id, cents } };
}

export async function refundCard(app: FastifyInstance, refund: CardRefund): Promise<void> {
  if (refund) await refundPayment(app, refund.paymentId, refund.cents);
}
