import type { FastifyInstance } from 'fastify';
import type { DbOrTrx } from '../../db/index.ts';
import { closeCheckout, refundPayment } from '../billing/index.ts';
import { findCharge, setRefundIfNone, settleIfAwaiting } from './booking-charges.repository.ts';

/**
 * What a cancelling transaction decided about the card, told to the gateway after the commit: a
 * refund of what was paid, or the closing of a checkout nobody may pay any more.
 */
export type CardFollowUp =
  | { kind: 'refund'; paymentId: string; cents: number }
  | { kind: 'close-checkout'; paymentId: string }
  | null;

/**
 * Inside a cancelling transaction: an unpaid charge is closed (the caller refunds all credits)
 * and its checkout expired after the commit, or its page could still take the owner's money for
 * a cancelled booking; a paid charge records its refund, computed by `policy` from what the card
 * paid. The gateway calls come after the commit (followUpCard).
 */
export async function settleCardOnCancel(
  trx: DbOrTrx,
  bookingId: string,
  policy: (paidCents: number) => number,
  now: string,
): Promise<{ unpaid: boolean; refund: CardFollowUp }> {
  let charge = await findCharge(trx, bookingId);
  if (!charge) return { unpaid: false, refund: null };
  if (charge.state === 'awaiting') {
    if (await settleIfAwaiting(trx, bookingId, 'cancelled', now))
      return { unpaid: true, refund: { kind: 'close-checkout', paymentId: charge.payment_id } };
    // Paid in the meantime: refund it like any paid booking.
    charge = (await findCharge(trx, bookingId)) ?? charge;
  }
  const cents = charge.state === 'paid' ? policy(charge.card_cents) : 0;
  if (cents <= 0 || !(await setRefundIfNone(trx, bookingId, 'paid', cents, now)))
    return { unpaid: false, refund: null };
  return { unpaid: false, refund: { kind: 'refund', paymentId: charge.payment_id, cents } };
}

export async function followUpCard(app: FastifyInstance, card: CardFollowUp): Promise<void> {
  if (card?.kind === 'refund') await refundPayment(app, card.paymentId, card.cents);
  else if (card?.kind === 'close-checkout') await closeCheckout(app, card.paymentId);
}
