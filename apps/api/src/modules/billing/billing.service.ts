import type { FastifyInstance } from 'fastify';
import type { PaymentWire } from '@pawsy/contract';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import * as repo from './billing.repository.ts';
import type { PaymentRow } from './billing.repository.ts';
import { gatewayOf, type CheckoutRequest } from './gateway.ts';
import { toPaymentWire } from './billing.mapper.ts';

export const CURRENCY = 'usd';

export type NewPayment = Pick<
  PaymentRow,
  'user_id' | 'kind' | 'reference_id' | 'amount_cents' | 'coupon_id' | 'discount_cents'
>;

/** Records a pending payment and asks the gateway for its checkout page. */
export async function openCheckout(
  app: FastifyInstance,
  payment: NewPayment & { id?: string },
  request: Omit<CheckoutRequest, 'paymentId' | 'successUrl' | 'cancelUrl' | 'currency'> & {
    successPath: string;
    cancelPath: string;
  },
): Promise<{ paymentId: string; url: string }> {
  const gateway = gatewayOf(app);
  const now = nowIso();
  const row: PaymentRow = {
    ...payment,
    id: payment.id ?? newId(),
    currency: CURRENCY,
    status: 'pending',
    gateway: gateway.name,
    gateway_ref: null,
    refunded_cents: 0,
    created_at: now,
    paid_at: null,
    updated_at: now,
  };
  await repo.insertPayment(app.db, row);
  const back = (path: string) =>
    `${app.config.publicUrl}${path}${path.includes('?') ? '&' : '?'}paymentId=${row.id}`;
  try {
    const { successPath, cancelPath, ...rest } = request;
    const { url, gatewayRef } = await gateway.createCheckout({
      ...rest,
      paymentId: row.id,
      currency: CURRENCY,
      successUrl: back(successPath),
      cancelUrl: back(cancelPath),
    });
    if (gatewayRef) await repo.setPaymentGatewayRef(app.db, row.id, gatewayRef);
    return { paymentId: row.id, url };
  } catch (error) {
    await repo.markCancelledIfPending(app.db, row.id);
    throw error;
  }
}

/**
 * A one-time payment (payment mode) for another area, e.g. the card part of a booking. The
 * area learns the outcome through onPaymentSettled.
 */
export async function startCheckout(
  app: FastifyInstance,
  input: {
    userId: string;
    email: string;
    kind: 'booking';
    referenceId: string;
    amountCents: number;
    description: string;
    successPath: string;
    cancelPath: string;
  },
): Promise<{ paymentId: string; url: string }> {
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0)
    throw badRequest('The amount to pay must be a positive whole number of cents');
  return openCheckout(
    app,
    {
      user_id: input.userId,
      kind: input.kind,
      reference_id: input.referenceId,
      amount_cents: input.amountCents,
      coupon_id: null,
      discount_cents: 0,
    },
    {
      mode: 'payment',
      email: input.email,
      description: input.description.slice(0, 200),
      amountCents: input.amountCents,
      discountCents: 0,
      recurring: null,
      metadata: { kind: input.kind, referenceId: input.referenceId },
      successPath: input.successPath,
      cancelPath: input.cancelPath,
    },
  );
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
