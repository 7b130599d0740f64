import type { FastifyInstance } from 'fastify';
import type { DbOrTrx } from '../../db/index.ts';
import { paymentReceiptMail } from '../../lib/mail-templates.ts';
import { redeemCouponOnce, releaseCouponHold } from '../coupons/index.ts';
import { addCreditsInTransaction, formatUsd } from '../credits/index.ts';
import { notifyUser } from '../notifications/index.ts';
import { getPackage } from '../packages/index.ts';
import { getUser, setPaidFlag } from '../users/index.ts';
import * as repo from './billing.repository.ts';
import type { PaymentRow } from './billing.repository.ts';
import { gatewayOf } from './gateway.ts';
import { settledHandler } from './settled-handlers.ts';

/** Work done once the transaction committed: notifications and mails never roll back. */
export type AfterCommit = () => Promise<void>;

export function periodEndFrom(start: Date, interval: 'month' | 'year'): string {
  const end = new Date(start);
  if (interval === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end.toISOString();
}

/**
 * Everything fulfilment needs that is read outside its transaction (SQLite has one connection:
 * a read through app.db inside an open transaction would wait for itself).
 */
export async function prepareFulfilment(app: FastifyInstance, payment: PaymentRow) {
  const user = await getUser(app.db, payment.user_id).catch(() => null);
  if (payment.kind !== 'subscription') return { payment, user, pkg: null };
  const sub = await repo.findSubscription(app.db, payment.reference_id);
  const found = sub ? await getPackage(app, sub.package_id).catch(() => null) : null;
  // What the checkout sold, not what the package says now (an admin may have edited it since).
  const pkg = found && { ...found, creditsIncluded: sub?.credits_sold ?? found.creditsIncluded };
  return { payment, user, pkg };
}
export type Prepared = Awaited<ReturnType<typeof prepareFulfilment>>;

/**
 * The one fulfilment path of a paid payment (Stripe's webhook and the sandbox's Pay button both
 * end here). The conditional pending → paid update is the guard: only its winner grants anything,
 * so a payment is fulfilled exactly once however often or concurrently it is confirmed.
 */
export async function fulfilPaid(
  app: FastifyInstance,
  trx: DbOrTrx,
  prepared: Prepared,
  gateway: { subscriptionRef?: string | null; periodEnd?: string | null } = {},
): Promise<AfterCommit[]> {
  const { payment, user, pkg } = prepared;
  if (!(await repo.markPaidIfPending(trx, payment.id))) return [];
  const after: AfterCommit[] = [];
  let description = 'Booking payment';
  if (payment.kind === 'subscription' && pkg) {
    description = `${pkg.name} subscription`;
    await repo.updateSubscription(trx, payment.reference_id, {
      status: 'active',
      current_period_end: gateway.periodEnd ?? periodEndFrom(new Date(), pkg.interval),
      ...(gateway.subscriptionRef ? { gateway_ref: gateway.subscriptionRef } : {}),
    });
    await setPaidFlag(trx, payment.user_id, true);
    // A new package replaces the old: the old one runs to the end of what was paid, then stops.
    for (const old of await repo.findOtherRunningSubscriptions(
      trx,
      payment.user_id,
      payment.reference_id,
    )) {
      await repo.updateSubscription(trx, old.id, { cancel_at_period_end: 1 });
      after.push(() => gatewayOf(app).cancelAtPeriodEnd(old));
    }
    if (pkg.creditsIncluded > 0)
      await addCreditsInTransaction(
        trx,
        payment.user_id,
        pkg.creditsIncluded,
        `Credits included in ${pkg.name}`,
      );
    // Held when the checkout was opened (openCheckout), so this only confirms it; a payment
    // opened before uses were held takes its use now, and keeps its price if none was left.
    if (payment.coupon_id) {
      const redeemed = await redeemCouponOnce(trx, {
        couponId: payment.coupon_id,
        userId: payment.user_id,
        paymentId: payment.id,
      });
      if (!redeemed) app.log.warn({ paymentId: payment.id }, 'coupon used up before fulfilment');
    }
    after.push(() =>
      notifyUser(app, payment.user_id, {
        type: 'subscription',
        message: `Your ${pkg.name} subscription is active${pkg.creditsIncluded > 0 ? ` and ${formatUsd(pkg.creditsIncluded)} in credits were added` : ''}.`,
        data: { paymentId: payment.id, subscriptionId: payment.reference_id },
      }).then(() => undefined),
    );
  } else if (payment.kind === 'booking') {
    await settledHandler('booking')?.paid(trx, { ...payment, status: 'paid' });
  }
  if (user) after.push(() => sendReceipt(app, user, payment, description));
  return after;
}

/** pending → cancelled (the buyer left the checkout, or it expired); its owner area reacts. */
export async function fulfilCancelled(trx: DbOrTrx, payment: PaymentRow): Promise<boolean> {
  if (!(await repo.markCancelledIfPending(trx, payment.id))) return false;
  if (payment.coupon_id) await releaseCouponHold(trx, payment.id);
  if (payment.kind === 'subscription')
    await repo.updateSubscription(trx, payment.reference_id, { status: 'canceled' });
  else await settledHandler('booking')?.cancelled?.(trx, { ...payment, status: 'cancelled' });
  return true;
}

async function sendReceipt(
  app: FastifyInstance,
  user: { email: string; first_name: string },
  payment: PaymentRow,
  description: string,
): Promise<void> {
  const mail = paymentReceiptMail(
    { email: user.email, firstName: user.first_name },
    {
      description,
      amount: formatUsd(payment.amount_cents),
      discount: payment.discount_cents > 0 ? formatUsd(payment.discount_cents) : null,
      reference: payment.id,
    },
    app.config.publicUrl,
  );
  await app.mailer.send({ ...mail, to: user.email });
}

/** Runs after-commit work; a failed mail or push is logged, never undoes the payment. */
export async function runAfterCommit(app: FastifyInstance, work: AfterCommit[]): Promise<void> {
  for (const step of work) {
    try {
      await step();
    } catch (error) {
      app.log.error({ err: error }, 'payment follow-up failed');
    }
  }
}
