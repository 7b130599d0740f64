import { sql } from 'kysely';
import { compiledRead, type DbOrTrx } from '../../db/index.ts';

export { isUniqueViolation } from '../../db/index.ts';
import type { CouponRedemptionsTable, CouponsTable } from '../../db/schema.ts';

export type CouponRow = CouponsTable;

export async function insertCoupon(db: DbOrTrx, row: CouponRow): Promise<void> {
  await db.insertInto('coupons').values(row).execute();
}

export function findCoupon(db: DbOrTrx, id: string): Promise<CouponRow | undefined> {
  return db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
}

/** By code, case-insensitively (code_lower is unique). */
export function findCouponByCode(db: DbOrTrx, code: string): Promise<CouponRow | undefined> {
  return db
    .selectFrom('coupons')
    .selectAll()
    .where('code_lower', '=', code.toLowerCase())
    .executeTakeFirst();
}

/** Whether another coupon already has this code in any case. */
export async function codeTaken(db: DbOrTrx, code: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('coupons').select('id').where('code_lower', '=', code.toLowerCase());
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * Writes an edit; with `newMax`, only while the uses already taken fit under it. The condition
 * sits in the UPDATE, so a checkout holding a use meanwhile cannot slip under it. False when
 * refused (the caller reads the count again to say why).
 */
export async function updateCouponIfWithinMax(
  db: DbOrTrx,
  id: string,
  changes: Partial<Omit<CouponRow, 'id' | 'created_at' | 'redemptions'>>,
  newMax: number | null,
  /** The row's updated_at as read: another admin's save since then leaves the row as it is. */
  readAt: string,
): Promise<boolean> {
  let query = db
    .updateTable('coupons')
    .set(changes)
    .where('id', '=', id)
    .where('updated_at', '=', readAt);
  if (newMax !== null) query = query.where('redemptions', '<=', newMax);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Newest first, on the (created_at, id) index. */
export async function listCoupons(
  db: DbOrTrx,
  offset: number,
  limit: number,
): Promise<{ rows: CouponRow[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    selectCouponPage(db, limit, offset),
    selectCouponCount(db),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}
const selectCouponPage = compiledRead((db, limit: number, offset: number) =>
  db
    .selectFrom('coupons')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset),
);
const selectCouponCount = compiledRead((db) =>
  db.selectFrom('coupons').select((eb) => eb.fn.countAll<number>().as('n')),
);

/**
 * Takes one redemption if any is left: a single conditional UPDATE, so concurrent payments can
 * never push the count above max_redemptions (no max = unlimited). True when this call won.
 */
export async function takeRedemptionIfLeft(db: DbOrTrx, couponId: string): Promise<boolean> {
  const result = await db
    .updateTable('coupons')
    .set({ redemptions: sql<number>`redemptions + 1` })
    .where('id', '=', couponId)
    .where((eb) =>
      eb.or([eb('max_redemptions', 'is', null), eb('redemptions', '<', eb.ref('max_redemptions'))]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The redemption row of a payment; payment_id is unique, so false when it already exists. */
export async function insertRedemptionIfNew(
  db: DbOrTrx,
  row: CouponRedemptionsTable,
): Promise<boolean> {
  const result = await db
    .insertInto('coupon_redemptions')
    .values(row)
    .onConflict((oc) => oc.column('payment_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** How many uses of a coupon a member has, held in an open checkout or redeemed by a payment. */
export async function countRedemptionsByUser(
  db: DbOrTrx,
  couponId: string,
  userId: string,
): Promise<number> {
  const row = await db
    .selectFrom('coupon_redemptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('coupon_id', '=', couponId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes a payment's redemption row: the coupon it named, or null when there was none. */
export async function deleteRedemptionOfPayment(
  db: DbOrTrx,
  paymentId: string,
): Promise<string | null> {
  const row = await db
    .deleteFrom('coupon_redemptions')
    .where('payment_id', '=', paymentId)
    .returning('coupon_id')
    .executeTakeFirst();
  return row?.coupon_id ?? null;
}

/** Gives one use back (a held redemption whose payment was cancelled). */
export async function giveRedemptionBack(db: DbOrTrx, couponId: string): Promise<void> {
  await db
    .updateTable('coupons')
    .set({ redemptions: sql<number>`redemptions - 1` })
    .where('id', '=', couponId)
    .where('redemptions', '>', 0)
    .execute();
}
