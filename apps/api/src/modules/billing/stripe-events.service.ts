import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { DbOrTrx } from '../../db/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { BILLING_CURRENCY, wireCurrency } from '../../lib/currency.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { setPaidFlag } from '../users/index.ts';
import * as repo from './billing.repository.ts';
import {
  fulfilCancelled,
  fulfilPaid,
  prepareFulfilment,
  runAfterCommit,
  type AfterCommit,
  type Prepared,
} from './fulfilment.ts';
import { stripeClient } from './stripe-gateway.ts';

/** Stripe's own tolerance: a signature older than five minutes is a replay. */
const TOLERANCE_SECONDS = 300;

/** Verifies the signature over the exact bytes Stripe sent; anything else is a 400. */
export function verifyStripeEvent(
  app: FastifyInstance,
  raw: Buffer,
  signature: string | undefined,
): Stripe.Event {
  const secret = app.config.stripe?.webhookSecret;
  if (!secret) throw new AppError('NOT_FOUND', 'Stripe webhooks are not configured');
  if (!signature) throw new AppError('BAD_REQUEST', 'Missing Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = stripeClient(app).webhooks.constructEvent(raw, signature, secret, TOLERANCE_SECONDS);
  } catch (err) {
    // The signature is checked first: a body that is not JSON failed only after it held.
    if (err instanceof SyntaxError) throw new AppError('BAD_REQUEST', MALFORMED_EVENT);
    throw new AppError('BAD_REQUEST', 'Invalid Stripe signature');
  }
  const { id, type, data } = event as Partial<Stripe.Event>;
  const object: unknown = data?.object;
  if (typeof id !== 'string' || typeof type !== 'string' || !object || typeof object !== 'object')
    throw new AppError('BAD_REQUEST', MALFORMED_EVENT);
  return event;
}

const MALFORMED_EVENT = 'Not a Stripe event: an id, a type and data.object are required';

type Obj = Record<string, unknown>;
const str = (v: unknown): string | null =>
  typeof v === 'string' ? v : v && typeof v === 'object' && 'id' in v ? String(v.id) : null;
const epochIso = (v: unknown): string | null =>
  typeof v === 'number' ? new Date(v * 1000).toISOString() : null;

/** The period end, where this API version keeps it (the item since 2025, else the object). */
function periodEndOf(sub: Obj): string | null {
  const items = (sub.items as { data?: Obj[] } | undefined)?.data ?? [];
  return epochIso(items[0]?.current_period_end) ?? epochIso(sub.current_period_end);
}

function subscriptionIdOfInvoice(invoice: Obj): string | null {
  const parent = invoice.parent as { subscription_details?: { subscription?: unknown } } | null;
  return str(parent?.subscription_details?.subscription) ?? str(invoice.subscription);
}

/**
 * Applies one verified event exactly once: the event id is recorded in the same transaction as
 * its effects, so a re-delivery or a replay finds it and is refused (409), and a failure records
 * nothing (Stripe retries). Returns false for a repeat.
 */
export async function applyStripeEvent(
  app: FastifyInstance,
  event: Stripe.Event,
): Promise<boolean> {
  const object = event.data.object as unknown as Obj;
  const prepared = await prepare(app, event.type, object);
  const after = await app.db.transaction().execute(async (trx) => {
    if (!(await repo.recordEventOnce(trx, event.id))) return null;
    return handle(app, trx, event.type, object, prepared);
  });
  if (after === null) return false;
  await runAfterCommit(app, after);
  return true;
}

async function prepare(app: FastifyInstance, type: string, object: Obj): Promise<Prepared | null> {
  if (type === 'checkout.session.completed' || type === 'checkout.session.expired') {
    const metadata = (object.metadata ?? {}) as Obj;
    const paymentId = str(object.client_reference_id) ?? str(metadata.paymentId);
    const payment = paymentId ? await repo.findPayment(app.db, paymentId) : undefined;
    return payment ? prepareFulfilment(app, payment) : null;
  }
  if (type === 'invoice.paid' && object.billing_reason !== 'subscription_create') {
    const ref = subscriptionIdOfInvoice(object);
    const sub = ref ? await repo.findSubscriptionByRef(app.db, ref) : undefined;
    if (!sub || !str(object.id)) return null;
    // A renewal: a payment of its own, fulfilled like the first one (credits granted again).
    const now = nowIso();
    const payment: repo.PaymentRow = {
      id: newId(),
      user_id: sub.user_id,
      kind: 'subscription',
      reference_id: sub.id,
      amount_cents: Number(object.amount_paid ?? 0),
      currency: wireCurrency(String(object.currency ?? BILLING_CURRENCY)),
      status: 'pending',
      gateway: 'stripe',
      gateway_ref: str(object.id),
      coupon_id: null,
      discount_cents: 0,
      refunded_cents: 0,
      created_at: now,
      paid_at: null,
      updated_at: now,
    };
    return prepareFulfilment(app, payment);
  }
  return null;
}

async function handle(
  app: FastifyInstance,
  trx: DbOrTrx,
  type: string,
  object: Obj,
  prepared: Prepared | null,
): Promise<AfterCommit[]> {
  switch (type) {
    case 'checkout.session.completed':
      if (!prepared || object.payment_status === 'unpaid') return [];
      return fulfilPaid(app, trx, prepared, { subscriptionRef: str(object.subscription) });
    case 'checkout.session.expired':
      if (prepared) await fulfilCancelled(trx, prepared.payment);
      return [];
    case 'invoice.paid': {
      if (!prepared) return [];
      // gateway_ref is unique: the same invoice can never be inserted twice.
      await repo.insertPayment(trx, prepared.payment);
      const line = ((object.lines as { data?: Obj[] } | undefined)?.data ?? [])[0];
      const periodEnd = epochIso((line?.period as Obj | undefined)?.end);
      return fulfilPaid(app, trx, prepared, { periodEnd });
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      await syncSubscription(trx, type, object);
      return [];
    default:
      return [];
  }
}

const statusFromStripe: Record<string, repo.SubscriptionRow['status']> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  canceled: 'canceled',
  incomplete: 'incomplete',
  incomplete_expired: 'canceled',
  paused: 'canceled',
};

/** Stripe's view of a subscription wins; is_paid follows whether any subscription still counts. */
async function syncSubscription(trx: DbOrTrx, type: string, object: Obj): Promise<void> {
  const ref = str(object.id);
  const sub = ref ? await repo.findSubscriptionByRef(trx, ref) : undefined;
  if (!sub) return;
  const status =
    type === 'customer.subscription.deleted'
      ? 'canceled'
      : (statusFromStripe[String(object.status)] ?? sub.status);
  await repo.updateSubscription(trx, sub.id, {
    status,
    cancel_at_period_end: object.cancel_at_period_end === true ? 1 : 0,
    current_period_end: periodEndOf(object) ?? sub.current_period_end,
  });
  const current = await repo.findCurrentSubscription(trx, sub.user_id);
  await setPaidFlag(trx, sub.user_id, current !== undefined);
}
