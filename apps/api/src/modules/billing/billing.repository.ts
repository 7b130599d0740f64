import { SqliteAdapter } from 'kysely';
import { compiledWrite, type DbOrTrx } from '../../db/index.ts';
import type { PaymentsTable, SubscriptionsTable } from '../../db/schema.ts';
import { nowIso } from '../../lib/ids.ts';

export type PaymentRow = PaymentsTable;
export type SubscriptionRow = SubscriptionsTable;

const insertPaymentsRow = compiledWrite((db, row: PaymentRow) =>
  db.insertInto('payments').values(row),
);

export async function insertPayment(db: DbOrTrx, row: PaymentRow): Promise<void> {
  await insertPaymentsRow(db, row);
}

export function findPayment(db: DbOrTrx, id: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findPaymentsOf(
  db: DbOrTrx,
  kind: PaymentRow['kind'],
  referenceId: string,
): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('kind', '=', kind)
    .where('reference_id', '=', referenceId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export async function setPaymentGatewayRef(db: DbOrTrx, id: string, ref: string): Promise<void> {
  await db
    .updateTable('payments')
    .set({ gateway_ref: ref, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

/** pending → paid; true only for the one caller that won (the payment is fulfilled once). */
export async function markPaidIfPending(db: DbOrTrx, id: string): Promise<boolean> {
  const now = nowIso();
  const result = await db
    .updateTable('payments')
    .set({ status: 'paid', paid_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The member's open checkouts holding a use of the coupon (served by payments_user_idx). */
/**
 * Serialises a member's subscription checkouts on PostgreSQL (their user row, FOR NO KEY UPDATE as
 * credits' lockUserLedger: a payment's insert holds KEY SHARE on it through its foreign key).
 * SQLite needs nothing: the single connection runs one transaction at a time.
 */
export async function lockMemberCheckouts(db: DbOrTrx, userId: string): Promise<void> {
  const query = db.selectFrom('users').select('id').where('id', '=', userId);
  const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await (isSqlite ? query : query.forNoKeyUpdate()).execute();
}

/** The member's subscription checkouts still open (pending), with or without a coupon. */
export function findPendingSubscriptionPayments(
  db: DbOrTrx,
  userId: string,
): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', 'subscription')
    .where('status', '=', 'pending')
    .execute();
}

/**
 * How many uses of the coupon the member holds: their open checkouts naming it, each holding one
 * use from the moment it is written (openCheckout). Served by payments_user_idx.
 */
export async function countPendingWithCoupon(
  db: DbOrTrx,
  userId: string,
  couponId: string,
): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('coupon_id', '=', couponId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The sandbox's checkouts still open that were opened at `openedBy` or earlier, oldest first
 * (served by payments_status_paid_idx: pending payments have no paid_at).
 */
export function findOpenSandboxCheckouts(
  db: DbOrTrx,
  openedBy: string,
  limit: number,
): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('status', '=', 'pending')
    .where('gateway', '=', 'sandbox')
    .where('created_at', '<=', openedBy)
    .orderBy('created_at', 'asc')
    .limit(limit)
    .execute();
}

/** pending → cancelled; true only for the caller that won. */
export async function markCancelledIfPending(db: DbOrTrx, id: string): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ status: 'cancelled', updated_at: nowIso() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Adds a refund to a paid payment unless it would exceed what was paid; true when it was added.
 * The condition lives in the update, so two concurrent refunds can never return more than paid.
 */
export async function addRefundIfWithin(
  db: DbOrTrx,
  id: string,
  amountCents: number,
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set((eb) => ({
      refunded_cents: eb('refunded_cents', '+', amountCents),
      status: eb
        .case()
        .when(eb('refunded_cents', '+', amountCents), '>=', eb.ref('amount_cents'))
        .then('refunded' as const)
        .else('partially_refunded' as const)
        .end(),
      updated_at: nowIso(),
    }))
    .where('id', '=', id)
    .where('status', 'in', ['paid', 'partially_refunded'])
    .where((eb) => eb(eb('refunded_cents', '+', amountCents), '<=', eb.ref('amount_cents')))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertSubscription(db: DbOrTrx, row: SubscriptionRow): Promise<void> {
  await db.insertInto('subscriptions').values(row).execute();
}

export function findSubscription(db: DbOrTrx, id: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findSubscriptionByRef(
  db: DbOrTrx,
  ref: string,
): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('gateway_ref', '=', ref)
    .executeTakeFirst();
}

/**
 * The member's subscription that counts: an active (or past-due) one, newest first; with
 * `packageId`, their running one to that package.
 */
export function findCurrentSubscription(
  db: DbOrTrx,
  userId: string,
  packageId?: string,
): Promise<SubscriptionRow | undefined> {
  let query = db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', ['active', 'past_due']);
  if (packageId !== undefined) query = query.where('package_id', '=', packageId);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
}

export async function updateSubscription(
  db: DbOrTrx,
  id: string,
  changes: Partial<Omit<SubscriptionRow, 'id' | 'user_id' | 'created_at'>>,
): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({ ...changes, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

/**
 * Active subscriptions whose period is over and that nobody renews: set to stop, or the
 * sandbox's (it never bills again). Stripe's running ones are renewed by its invoice.paid.
 */
export function findEndedSubscriptions(db: DbOrTrx, now: string): Promise<SubscriptionRow[]> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('status', '=', 'active')
    .where('current_period_end', '<=', now)
    .where((eb) => eb.or([eb('cancel_at_period_end', '=', 1), eb('gateway', '=', 'sandbox')]))
    .limit(500)
    .execute();
}

/** The member's other running subscriptions (replaced when a new one is paid for). */
export function findOtherRunningSubscriptions(
  db: DbOrTrx,
  userId: string,
  exceptId: string,
): Promise<SubscriptionRow[]> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', ['active', 'past_due'])
    .where('cancel_at_period_end', '=', 0)
    .where('id', '!=', exceptId)
    .execute();
}

/** Active → canceled unless something else changed it meanwhile; true when it won. */
export async function endSubscriptionIfActive(db: DbOrTrx, id: string): Promise<boolean> {
  const result = await db
    .updateTable('subscriptions')
    .set({ status: 'canceled', updated_at: nowIso() })
    .where('id', '=', id)
    .where('status', 'in', ['active', 'past_due'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records a gateway event; false when it was already recorded (a replay or a re-delivery). */
export async function recordEventOnce(db: DbOrTrx, eventId: string): Promise<boolean> {
  const result = await db
    .insertInto('processed_events')
    .values({ id: eventId, created_at: nowIso() })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Takes back a refund the gateway refused (the ledger follows the money). */
export async function undoRefund(db: DbOrTrx, id: string, amountCents: number): Promise<void> {
  await db
    .updateTable('payments')
    .set((eb) => ({
      refunded_cents: eb('refunded_cents', '-', amountCents),
      status: eb
        .case()
        .when(eb('refunded_cents', '-', amountCents), '<=', 0)
        .then('paid' as const)
        .else('partially_refunded' as const)
        .end(),
      updated_at: nowIso(),
    }))
    .where('id', '=', id)
    .execute();
}
