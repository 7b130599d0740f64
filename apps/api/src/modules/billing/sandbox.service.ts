import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from '../../lib/app-error.ts';
import { formatUsd } from '../credits/index.ts';
import * as repo from './billing.repository.ts';
import type { PaymentRow } from './billing.repository.ts';
import { fulfilCancelled, fulfilPaid, prepareFulfilment, runAfterCommit } from './fulfilment.ts';
import { gatewayOf, isSandboxToken, type SandboxReturn } from './gateway.ts';
import { sandboxPage } from './sandbox-page.ts';

type SandboxInput = { paymentId: string; token: string } & SandboxReturn;

/** A sandbox checkout left open this long expires, as a Stripe Checkout session does (24 h). */
export const SANDBOX_CHECKOUT_TTL_MS = 24 * 3600_000;

/** The latest opening time of a checkout that has expired by `now`. */
const expiredIfOpenedBy = (now: number) => new Date(now - SANDBOX_CHECKOUT_TTL_MS).toISOString();

const isStale = (payment: PaymentRow, now: number) =>
  payment.status === 'pending' && payment.created_at <= expiredIfOpenedBy(now);

/**
 * Cancels the sandbox's checkouts left open for SANDBOX_CHECKOUT_TTL_MS, through the same
 * fulfilment as the page's Cancel button: a held coupon use goes back, an unpaid booking ends and
 * its credits are refunded, an incomplete subscription is cancelled. Stripe expires its own
 * sessions and says so by webhook. Returns how many expired.
 */
export async function expireSandboxCheckouts(
  app: FastifyInstance,
  now = Date.now(),
): Promise<number> {
  if (gatewayOf(app).name !== 'sandbox') return 0;
  const openedBy = expiredIfOpenedBy(now);
  let expired = 0;
  for (;;) {
    const stale = await repo.findOpenSandboxCheckouts(app.db, openedBy, 200);
    for (const payment of stale) {
      if (await app.db.transaction().execute((trx) => fulfilCancelled(trx, payment))) expired++;
    }
    if (stale.length < 200) return expired;
  }
}

async function sandboxPayment(app: FastifyInstance, input: SandboxInput) {
  if (gatewayOf(app).name !== 'sandbox') throw notFound('Payment');
  const back = { success: input.success, cancel: input.cancel };
  // Only our own paths: a signed path that is not one could still not leave this site.
  if (!/^\/[^/\\]/.test(back.success) || !/^\/[^/\\]/.test(back.cancel)) throw notFound('Payment');
  if (!isSandboxToken(app, input.paymentId, back, input.token))
    throw new AppError('FORBIDDEN', 'This checkout link is not valid');
  const payment = await repo.findPayment(app.db, input.paymentId);
  if (!payment || payment.gateway !== 'sandbox') throw notFound('Payment');
  // An expired checkout is closed when its page is next opened, even before the sweep gets to it.
  if (isStale(payment, Date.now())) {
    await app.db.transaction().execute((trx) => fulfilCancelled(trx, payment));
    return { ...payment, status: 'cancelled' as const };
  }
  return payment;
}

/** The sandbox's checkout page (what Stripe's hosted page is for real payments). */
export async function renderSandboxCheckout(
  app: FastifyInstance,
  input: SandboxInput,
): Promise<string> {
  const payment = await sandboxPayment(app, input);
  return sandboxPage({
    paymentId: payment.id,
    kind: payment.kind,
    amount: formatUsd(payment.amount_cents),
    discount: payment.discount_cents > 0 ? formatUsd(payment.discount_cents) : null,
    status: payment.status,
    token: input.token,
    success: input.success,
    cancel: input.cancel,
  });
}

/**
 * Pay or Cancel on the sandbox page: the same fulfilment as Stripe's webhook. Returns where to
 * send the browser by what the payment is afterwards, not by the button: Pay on a closed checkout
 * lands on the cancel page, Cancel on one already paid on the success page. A repeat (a second
 * click, a reload) changes nothing.
 */
export async function confirmSandbox(
  app: FastifyInstance,
  input: SandboxInput,
  outcome: 'pay' | 'cancel',
): Promise<string> {
  const payment = await sandboxPayment(app, input);
  // The signed return paths already name the payment (openCheckout added it).
  const back = (path: string) => `${app.config.publicUrl}${path}`;
  if (outcome === 'cancel') {
    await app.db.transaction().execute((trx) => fulfilCancelled(trx, payment));
  } else {
    const prepared = await prepareFulfilment(app, payment);
    const after = await app.db.transaction().execute((trx) => fulfilPaid(app, trx, prepared));
    await runAfterCommit(app, after);
  }
  const now = await repo.findPayment(app.db, payment.id);
  // Paid, even if refunded since (a booking cancelled meanwhile): the card was charged.
  return back(now?.paid_at ? input.success : input.cancel);
}
