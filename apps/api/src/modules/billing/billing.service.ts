import type { FastifyInstance } from 'fastify';
import type { PaymentWire } from '@pawsy/contract';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { DbOrTrx } from '../../db/index.ts';
import { BILLING_CURRENCY } from '../../lib/currency.ts';
import * as repo from './billing.repository.ts';
import type { PaymentRow } from './billing.repository.ts';
import { gatewayOf, type CheckoutRequest } from './gateway.ts';
import { toPaymentWire } from './billing.mapper.ts';
import { fulfilCancelled } from './fulfilment.ts';
import { countHeldUsesWith, holdCouponUse, releaseCouponHold } from '../coupons/index.ts';

export type NewPayment = Pick<
  PaymentRow,
  'user_id' | 'kind' | 'reference_id' | 'amount_cents' | 'coupon_id' | 'discount_cents'
>;

type CheckoutPage = Omit<CheckoutRequest, 'paymentId' | 'successUrl' | 'cancelUrl' | 'currency'> & {
  successPath: string;
  cancelPath: string;
};

/**
 * A pending payment's row, not yet written. Written out field by field (as is requestPage's
 * request): on the booking path spreads here cost more than the rest of the checkout.
 */
function pendingPayment(app: FastifyInstance, payment: NewPayment): PaymentRow {
  const now = nowIso();
  return {
    id: newId(),
    user_id: payment.user_id,
    kind: payment.kind,
    reference_id: payment.reference_id,
    amount_cents: payment.amount_cents,
    coupon_id: payment.coupon_id,
    discount_cents: payment.discount_cents,
    currency: BILLING_CURRENCY,
    status: 'pending',
    gateway: gatewayOf(app).name,
    gateway_ref: null,
    refunded_cents: 0,
    created_at: now,
    paid_at: null,
    updated_at: now,
  };
}

/** Asks the gateway for the checkout page of `row` (nothing is written). */
async function requestPage(
  app: FastifyInstance,
  row: PaymentRow,
  request: CheckoutPage,
): Promise<{ url: string; gatewayRef: string | null }> {
  const back = (path: string) =>
    `${app.config.publicUrl}${path}${path.includes('?') ? '&' : '?'}paymentId=${row.id}`;
  return gatewayOf(app).createCheckout({
    paymentId: row.id,
    mode: request.mode,
    email: request.email,
    description: request.description,
    amountCents: request.amountCents,
    discountCents: request.discountCents,
    currency: BILLING_CURRENCY,
    recurring: request.recurring,
    metadata: request.metadata,
    successUrl: back(request.successPath),
    cancelUrl: back(request.cancelPath),
  });
}

/**
 * The checkout page of a payment already written. A gateway failure marks the payment cancelled
 * and is rethrown.
 */
async function checkoutPage(
  app: FastifyInstance,
  row: PaymentRow,
  request: CheckoutPage,
): Promise<string> {
  try {
    const { url, gatewayRef } = await requestPage(app, row, request);
    if (gatewayRef) await repo.setPaymentGatewayRef(app.db, row.id, gatewayRef);
    return url;
  } catch (error) {
    await app.db.transaction().execute(async (trx) => {
      if (await repo.markCancelledIfPending(trx, row.id)) await releaseCouponHold(trx, row.id);
    });
    throw error;
  }
}

/**
 * Records a pending payment and asks the gateway for its checkout page. A coupon's use is held
 * with the payment (409 when none is left) and given back if the payment is cancelled. A member
 * holds one use of a coupon at a time: their earlier checkouts still open with it are closed
 * first (closeCheckout: the gateway's page expired, then the payment cancelled and its use given
 * back), so none can be paid once its use went to the new one. One the gateway will not expire
 * (paid meanwhile) stays pending for its webhook and keeps its use.
 */
export async function openCheckout(
  app: FastifyInstance,
  payment: NewPayment,
  request: CheckoutPage,
): Promise<{ paymentId: string; url: string }> {
  const row = pendingPayment(app, payment);
  if (payment.kind === 'subscription') await openSubscriptionPayment(app, row);
  else await repo.insertPayment(app.db, row);
  return { paymentId: row.id, url: await checkoutPage(app, row, request) };
}

export const OTHER_CHECKOUT_OPEN =
  'You have another checkout open: finish or cancel it, then try again';

/**
 * A member has one subscription checkout open at a time: a new one closes the earlier ones (a
 * double click, a changed mind; a coupon use they held passes to the new one), and one racing it
 * meets the member's lock and then the open one, 409. Without it a member could open several at
 * once and pay each (each holding one of a limited coupon's uses on PostgreSQL).
 */
async function openSubscriptionPayment(app: FastifyInstance, row: PaymentRow): Promise<void> {
  for (const earlier of await repo.findPendingSubscriptionPayments(app.db, row.user_id))
    await closeCheckout(app, earlier.id);
  await app.db.transaction().execute(async (trx) => {
    await repo.lockMemberCheckouts(trx, row.user_id);
    // Still open: one opened by a racing request, or a Stripe page that could not be expired.
    if ((await repo.findPendingSubscriptionPayments(trx, row.user_id)).length > 0)
      throw new AppError('CONFLICT', OTHER_CHECKOUT_OPEN);
    await repo.insertPayment(trx, row);
    const couponId = row.coupon_id;
    if (couponId) await holdCouponUse(trx, { couponId, userId: row.user_id, paymentId: row.id });
  });
}

/**
 * Called by billing's routes plugin: a coupon quote leaves out the uses the member holds in their
 * own open checkouts (openCheckout gives them back before taking one), and which checkouts are
 * open is billing's to say (coupons never imports billing).
 */
export function registerCouponHolds(): void {
  countHeldUsesWith(repo.countPendingWithCoupon);
}

/** What another area's one-time payment is: who pays how much for what, and where they return. */
export type OneTimePayment = {
  userId: string;
  email: string;
  kind: 'booking';
  referenceId: string;
  amountCents: number;
  description: string;
  successPath: string;
  cancelPath: string;
};

function oneTime(input: OneTimePayment): { payment: NewPayment; request: CheckoutPage } {
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0)
    throw badRequest('The amount to pay must be a positive whole number of cents');
  const payment: NewPayment = {
    user_id: input.userId,
    kind: input.kind,
    reference_id: input.referenceId,
    amount_cents: input.amountCents,
    coupon_id: null,
    discount_cents: 0,
  };
  const request: CheckoutPage = {
    mode: 'payment',
    email: input.email,
    description: input.description.slice(0, 200),
    amountCents: input.amountCents,
    discountCents: 0,
    recurring: null,
    metadata: { kind: input.kind, referenceId: input.referenceId },
    successPath: input.successPath,
    cancelPath: input.cancelPath,
  };
  return { payment, request };
}

/** A one-time payment opened before the rows it pays for exist (see openOneTimeCheckout). */
export type OneTimeCheckout = {
  paymentId: string;
  url: string;
  /** Writes the pending payment inside the caller's transaction. */
  record(trx: DbOrTrx): Promise<void>;
  /** The caller's transaction failed: the page will never be used (nobody was given its url). */
  abandon(): Promise<void>;
};

/**
 * A one-time payment for another area whose own rows must commit with it. The gateway is asked
 * for the checkout page first (never from inside a transaction), then the area writes its rows
 * and `record(trx)` the pending payment in one transaction, so nothing is stored half-way and a
 * gateway that fails leaves nothing behind. The area learns the outcome through onPaymentSettled.
 */
export async function openOneTimeCheckout(
  app: FastifyInstance,
  input: OneTimePayment,
): Promise<OneTimeCheckout> {
  const { payment, request } = oneTime(input);
  const row = pendingPayment(app, payment);
  const { url, gatewayRef } = await requestPage(app, row, request);
  row.gateway_ref = gatewayRef;
  return {
    paymentId: row.id,
    url,
    record: (trx) => repo.insertPayment(trx, row),
    abandon: async () => {
      if (!gatewayRef) return;
      await gatewayOf(app)
        .expireCheckout(gatewayRef)
        .catch((err: unknown) => app.log.warn({ err }, 'could not expire an unused checkout'));
    },
  };
}

/**
 * A checkout nobody wants paid any more (its booking was cancelled, or a newer checkout took its
 * coupon use). The gateway's page is expired first, then the payment is cancelled through the
 * same fulfilment as the page's Cancel button, so its page can no longer be paid. A Stripe page that cannot be
 * expired (paid meanwhile, or Stripe unreachable) leaves the payment pending: Stripe's webhook
 * settles it, and a payment completed after its booking was cancelled is refunded by bookings.
 */
export async function closeCheckout(app: FastifyInstance, paymentId: string): Promise<void> {
  const payment = await repo.findPayment(app.db, paymentId);
  if (payment?.status !== 'pending') return;
  if (payment.gateway_ref) {
    try {
      await gatewayOf(app).expireCheckout(payment.gateway_ref);
    } catch (err) {
      app.log.warn({ err, paymentId }, 'could not expire a checkout no longer wanted');
      return;
    }
  }
  await app.db.transaction().execute((trx) => fulfilCancelled(trx, payment));
}

/** A one-time payment written at once, then its checkout page (for a caller with nothing beside it). */
export async function startCheckout(
  app: FastifyInstance,
  input: OneTimePayment,
): Promise<{ paymentId: string; url: string }> {
  const { payment, request } = oneTime(input);
  return openCheckout(app, payment, request);
}

/**
 * Refunds part or all of a paid payment: the ledger first (a conditional update, so refunds never
 * add up to more than was paid), then the gateway. A gateway failure undoes the ledger change.
 */
export async function refundPayment(
  app: FastifyInstance,
  paymentId: string,
  amountCents: number,
): Promise<void> {
  if (!Number.isInteger(amountCents) || amountCents <= 0)
    throw badRequest('The amount to refund must be a positive whole number of cents');
  const payment = await repo.findPayment(app.db, paymentId);
  if (!payment) throw notFound('Payment');
  if (!(await repo.addRefundIfWithin(app.db, paymentId, amountCents)))
    throw new AppError('CONFLICT', 'This payment cannot be refunded by that amount');
  try {
    await gatewayOf(app).refund(payment, amountCents);
  } catch (error) {
    await repo.undoRefund(app.db, paymentId, amountCents);
    throw error;
  }
}

/** Every payment asked for one booking or subscription, oldest first (what was paid how). */
export async function paymentsOf(
  app: FastifyInstance,
  kind: PaymentRow['kind'],
  referenceId: string,
): Promise<PaymentWire[]> {
  return (await repo.findPaymentsOf(app.db, kind, referenceId)).map(toPaymentWire);
}

/** One payment for its payer (or an admin): the success page shows what was charged. */
export async function getPayment(
  app: FastifyInstance,
  caller: AuthUser,
  paymentId: string,
): Promise<PaymentWire> {
  const payment = await repo.findPayment(app.db, paymentId);
  // Somebody else's payment is "not found", not "forbidden": its existence is not shown.
  if (!payment || (payment.user_id !== caller.id && caller.userType !== 'admin'))
    throw notFound('Payment');
  return toPaymentWire(payment);
}
