import type { FastifyInstance } from 'fastify';
import type { Checkout, MySubscriptionResponse, Package, SubscriptionQuote } from '@pawsy/contract';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { quoteCoupon } from '../coupons/index.ts';
import { notifyUser } from '../notifications/index.ts';
import { getPackage, listActivePackages } from '../packages/index.ts';
import { getUser, setPaidFlag } from '../users/index.ts';
import * as repo from './billing.repository.ts';
import { toSubscriptionWire } from './billing.mapper.ts';
import { openCheckout } from './billing.service.ts';
import { gatewayOf } from './gateway.ts';
import { formatDay } from '../../lib/house-dates.ts';

async function packageToSell(app: FastifyInstance, packageId?: string): Promise<Package> {
  if (!packageId) {
    const [first] = await listActivePackages(app);
    if (!first) throw notFound('Package');
    return first;
  }
  const pkg = await getPackage(app, packageId);
  if (!pkg.active) throw notFound('Package');
  return pkg;
}

export const PACKAGES_FOR_OWNERS =
  "Packages are for pet owners: their credits pay for bookings, which sitters and admins don't make";

/** The price of a package with an optional coupon, as the subscribe screen shows `caller`. */
export async function quoteSubscription(
  app: FastifyInstance,
  caller: AuthUser,
  input: { packageId?: string; couponCode: string | null },
): Promise<SubscriptionQuote & { couponId: string | null; pkg: Package }> {
  // A package sells booking credits, and only pet owners book (SPEC §6: a user buys one).
  if (caller.userType !== 'user') throw forbidden(PACKAGES_FOR_OWNERS);
  const pkg = await packageToSell(app, input.packageId);
  // A package's credits come once per period: one still running (renewing, or switched away
  // from and running to its end) is bought again once it ends. Switching to another is open.
  await expireEndedSubscriptions(app);
  const running = await repo.findCurrentSubscription(app.db, caller.id, pkg._id);
  if (running)
    throw new AppError(
      'CONFLICT',
      `${pkg.name} runs until ${running.current_period_end ? formatDay(running.current_period_end.slice(0, 10)) : 'the end of its period'}; you can buy it again once it ends`,
    );
  const coupon = input.couponCode
    ? await quoteCoupon(app, input.couponCode, pkg.priceCents, caller.id)
    : null;
  return {
    pkg,
    packageId: pkg._id,
    currency: pkg.currency,
    priceCents: pkg.priceCents,
    discountCents: coupon?.discountCents ?? 0,
    finalCents: coupon?.finalCents ?? pkg.priceCents,
    couponCode: coupon?.code ?? null,
    couponId: coupon?.couponId ?? null,
  };
}

/**
 * POST /api/stripe/create-subscription: an incomplete subscription and its pending payment, and
 * the checkout page to pay it. Nothing is granted until the payment is confirmed (fulfilment.ts).
 * The coupon is checked now; it is counted when the payment is fulfilled. A member who already
 * has a subscription may buy another package: once paid, it replaces the old one at that one's
 * period end.
 */
export async function createSubscription(
  app: FastifyInstance,
  caller: AuthUser,
  input: { packageId?: string; couponCode: string | null },
): Promise<Checkout> {
  const quote = await quoteSubscription(app, caller, input);
  const user = await getUser(app.db, caller.id);
  const now = nowIso();
  const subscriptionId = newId();
  await repo.insertSubscription(app.db, {
    id: subscriptionId,
    user_id: caller.id,
    package_id: quote.pkg._id,
    status: 'incomplete',
    current_period_end: null,
    cancel_at_period_end: 0,
    gateway: gatewayOf(app).name,
    gateway_ref: null,
    credits_sold: quote.pkg.creditsIncluded,
    created_at: now,
    updated_at: now,
  });
  // A checkout that cannot be opened (the coupon's last use just went, the gateway failed) leaves
  // the subscription it was for cancelled, not incomplete.
  const { paymentId, url } = await openCheckout(
    app,
    {
      user_id: caller.id,
      kind: 'subscription',
      reference_id: subscriptionId,
      amount_cents: quote.finalCents,
      coupon_id: quote.couponId,
      discount_cents: quote.discountCents,
    },
    {
      mode: 'subscription',
      email: user.email,
      description: `${quote.pkg.name} subscription`,
      amountCents: quote.priceCents,
      discountCents: quote.discountCents,
      recurring: { interval: quote.pkg.interval, stripePriceId: quote.pkg.stripePriceId ?? null },
      metadata: { kind: 'subscription', subscriptionId },
      successPath: '/payment-success',
      cancelPath: '/payment-cancel',
    },
  ).catch(async (error: unknown) => {
    await repo.updateSubscription(app.db, subscriptionId, { status: 'canceled' });
    throw error;
  });
  return { url, paymentId, subscriptionId };
}

/** A subscription's package name, or "Package" when the package is gone. */
const packageName = (app: FastifyInstance, packageId: string) =>
  getPackage(app, packageId).then(
    (p) => p.name,
    () => 'Package',
  );

export async function getMySubscription(
  app: FastifyInstance,
  caller: AuthUser,
): Promise<MySubscriptionResponse> {
  await expireEndedSubscriptions(app);
  const [sub, user] = await Promise.all([
    repo.findCurrentSubscription(app.db, caller.id),
    getUser(app.db, caller.id),
  ]);
  const name = sub ? await packageName(app, sub.package_id) : '';
  return {
    success: true as const,
    data: sub ? toSubscriptionWire(sub, name) : null,
    isPaid: user.is_paid === 1,
  };
}

/** Stops the subscription at the end of the period already paid; is_paid stays until then. */
export async function cancelAtPeriodEnd(
  app: FastifyInstance,
  caller: AuthUser,
): Promise<MySubscriptionResponse> {
  const sub = await repo.findCurrentSubscription(app.db, caller.id);
  if (!sub) throw notFound('Subscription');
  if (sub.cancel_at_period_end === 1)
    throw new AppError('CONFLICT', 'Your subscription is already set to end');
  await gatewayOf(app).cancelAtPeriodEnd(sub);
  await repo.updateSubscription(app.db, sub.id, { cancel_at_period_end: 1 });
  await notifyUser(app, caller.id, {
    type: 'subscription',
    message: `Your ${await packageName(app, sub.package_id)} subscription will end on ${sub.current_period_end ? formatDay(sub.current_period_end.slice(0, 10)) : 'the end of the period'}.`,
    data: { subscriptionId: sub.id },
  });
  return getMySubscription(app, caller);
}

/**
 * A closing account's subscription stops renewing (no notice: the member is leaving). Nothing
 * when there is none or it is already set to end.
 */
export async function stopRenewal(app: FastifyInstance, userId: string): Promise<void> {
  const sub = await repo.findCurrentSubscription(app.db, userId);
  if (!sub || sub.cancel_at_period_end === 1) return;
  await gatewayOf(app).cancelAtPeriodEnd(sub);
  await repo.updateSubscription(app.db, sub.id, { cancel_at_period_end: 1 });
}

/**
 * Ends subscriptions whose period is over and that nobody renews (set to stop, or the sandbox's,
 * which never bills again) and clears is_paid unless the member has another active one. Stripe
 * says so itself (customer.subscription.deleted); the sandbox has nobody to say it, so reads and
 * a timer sweep.
 */
export async function expireEndedSubscriptions(app: FastifyInstance): Promise<number> {
  const ended = await repo.findEndedSubscriptions(app.db, nowIso());
  let count = 0;
  for (const sub of ended) {
    const won = await app.db.transaction().execute(async (trx) => {
      if (!(await repo.endSubscriptionIfActive(trx, sub.id))) return false;
      if (!(await repo.findCurrentSubscription(trx, sub.user_id)))
        await setPaidFlag(trx, sub.user_id, false);
      return true;
    });
    if (won) count++;
  }
  return count;
}
