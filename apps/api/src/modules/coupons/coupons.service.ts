import type { FastifyInstance } from 'fastify';
import {
  type Coupon,
  type CouponListResponse,
  type CouponQuote,
  type CreateCouponBody,
  type UpdateCouponBody,
} from '@pawsy/contract';
import type { DbOrTrx } from '../../db/index.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { BILLING_CURRENCY } from '../../lib/currency.ts';
import { changedMeanwhile, changedSince } from '../../lib/edit-conflict.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { recordCatalogueChange } from '../audit/index.ts';
import * as repo from './coupons.repository.ts';
import { toCoupon } from './coupons.mapper.ts';
import { assertUsable, COUPON_MESSAGES, discountFor, maxBelowUses } from './coupons.rules.ts';
import { countHeldUses } from './held-uses.ts';

const toIso = (v: string | null | undefined) =>
  v === undefined ? undefined : v === null || v === '' ? null : new Date(v).toISOString();

export async function listCoupons(
  app: FastifyInstance,
  { page, limit }: { page: number; limit: number },
): Promise<CouponListResponse> {
  const { rows, total } = await repo.listCoupons(app.db, (page - 1) * limit, limit);
  return { data: rows.map(toCoupon), page, pages: Math.ceil(total / limit), total };
}

export async function createCoupon(
  app: FastifyInstance,
  admin: AuthUser,
  input: CreateCouponBody,
): Promise<Coupon> {
  const now = nowIso();
  const row: repo.CouponRow = {
    id: newId(),
    code: input.code.trim(),
    code_lower: input.code.trim().toLowerCase(),
    kind: input.kind,
    value: input.value,
    valid_from: toIso(input.validFrom) ?? null,
    valid_to: toIso(input.validTo) ?? null,
    max_redemptions: input.maxRedemptions ?? null,
    redemptions: 0,
    active: input.active === false ? 0 : 1,
    created_at: now,
    updated_at: now,
  };
  await writeUnique(app, async (trx) => {
    await repo.insertCoupon(trx, row);
    await recordCatalogueChange(trx, admin.id, 'coupon.create', row.id, null, toCoupon(row));
  });
  return toCoupon(row);
}

export async function updateCoupon(
  app: FastifyInstance,
  admin: AuthUser,
  id: string,
  input: UpdateCouponBody,
): Promise<Coupon> {
  return writeUnique(app, async (trx) => {
    const before = await repo.findCoupon(trx, id);
    if (!before) throw notFound('Coupon');
    if (changedSince(before.updated_at, input.updatedAt)) throw changedMeanwhile('coupon');
    const next: repo.CouponRow = {
      ...before,
      ...(input.code !== undefined && { code: input.code, code_lower: input.code.toLowerCase() }),
      ...(input.kind !== undefined && { kind: input.kind }),
      ...(input.value !== undefined && { value: input.value }),
      ...(input.validFrom !== undefined && { valid_from: toIso(input.validFrom) ?? null }),
      ...(input.validTo !== undefined && { valid_to: toIso(input.validTo) ?? null }),
      ...(input.maxRedemptions !== undefined && { max_redemptions: input.maxRedemptions }),
      ...(input.active !== undefined && { active: input.active ? 1 : 0 }),
      updated_at: nowIso(),
    };
    // The body is checked field by field; the merged coupon must still make sense as a whole.
    if (next.kind === 'percent' && next.value > 100)
      throw badRequest('A percent coupon is 1 to 100', 'value');
    // A bound sent alone is judged against the stored other end.
    if (
      next.valid_from &&
      next.valid_to &&
      Date.parse(next.valid_to) <= Date.parse(next.valid_from)
    )
      throw badRequest(
        'validTo must be after validFrom',
        input.validTo === undefined ? 'validFrom' : 'validTo',
      );
    // Nothing sent differs from what is stored (an empty body, a form sent again): nothing is
    // written, so neither updatedAt nor the audit log records a change that was not made.
    const { updated_at: _u, ...nextFields } = next;
    const { updated_at: _b, ...storedFields } = before;
    if (JSON.stringify(nextFields) === JSON.stringify(storedFields)) return toCoupon(before);
    // Uses already held or redeemed stay theirs (DESIGN §5: redemptions never exceed the max).
    const newMax = input.maxRedemptions ?? null;
    if (newMax !== null && before.redemptions > newMax)
      throw maxBelowUses(before.redemptions, newMax);
    const { id: _id, created_at: _c, redemptions: _r, ...changes } = next;
    if (!(await repo.updateCouponIfWithinMax(trx, id, changes, newMax, before.updated_at))) {
      const now = await repo.findCoupon(trx, id);
      if (now && now.updated_at !== before.updated_at) throw changedMeanwhile('coupon');
      throw maxBelowUses(now?.redemptions ?? before.redemptions, newMax ?? 0);
    }
    await recordCatalogueChange(
      trx,
      admin.id,
      'coupon.update',
      id,
      toCoupon(before),
      toCoupon(next),
    );
    return toCoupon(next);
  });
}

/** Runs a coupon write in a transaction; a duplicate code (in any case) is a 409. */
async function writeUnique<T>(app: FastifyInstance, work: (trx: DbOrTrx) => Promise<T>) {
  try {
    return await app.db.transaction().execute(work);
  } catch (err) {
    if (repo.isUniqueViolation(err)) throw new AppError('CONFLICT', COUPON_MESSAGES.duplicateCode);
    throw err;
  }
}

/**
 * What a coupon takes off a price now for `userId`, or the 4xx saying why it cannot be used
 * (unknown 404, inactive / expired / not yet valid 400, used up 409). A use the member holds in a
 * checkout still open is theirs to move to a new checkout (openCheckout gives it back in the
 * same transaction), so it does not make the coupon used up for them; billing counts those
 * (countHeldUsesWith). Reading only: the use is taken when the checkout opens (holdCouponUse).
 */
export async function quoteCoupon(
  app: FastifyInstance,
  code: string,
  amountCents: number,
  userId: string,
): Promise<CouponQuote> {
  // One snapshot for the three reads: the member's own racing checkout (closing their open one,
  // then holding a use for itself) falls wholly before or after them, never between, which would
  // read a use as taken but no longer held (a wrong "already used").
  const { found, mine, held } = await app.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const found = await repo.findCouponByCode(trx, code.trim());
      if (!found) return { found, mine: 0, held: 0 };
      const atCap = found.max_redemptions !== null && found.redemptions >= found.max_redemptions;
      const mine = await repo.countRedemptionsByUser(trx, found.id, userId);
      // Uses the member holds in open checkouts pass to the next one (openCheckout closes those).
      const held = atCap || mine > 0 ? await countHeldUses(trx, userId, found.id) : 0;
      return { found, mine, held };
    });
  const coupon = assertUsable(found, held);
  if (mine - held > 0) throw new AppError('CONFLICT', COUPON_MESSAGES.alreadyUsed);
  return {
    couponId: coupon.id,
    code: coupon.code,
    ...discountFor(coupon, amountCents),
    currency: BILLING_CURRENCY,
  };
}

/**
 * Redeems a coupon for one payment, inside the caller's transaction. At most once per payment
 * (payment_id is unique: a repeat answers true without counting again) and never above the
 * coupon's maximum, even under concurrency (one conditional UPDATE). False when it is used up.
 */
export async function redeemCouponOnce(
  trx: DbOrTrx,
  input: { couponId: string; userId: string; paymentId: string },
): Promise<boolean> {
  const inserted = await repo.insertRedemptionIfNew(trx, {
    id: newId(),
    coupon_id: input.couponId,
    user_id: input.userId,
    payment_id: input.paymentId,
    created_at: nowIso(),
  });
  if (!inserted) return true;
  if (await repo.takeRedemptionIfLeft(trx, input.couponId)) return true;
  await repo.deleteRedemptionOfPayment(trx, input.paymentId);
  return false;
}

/**
 * Takes one use of a coupon for a payment about to be opened (checkout), or throws 409 when none
 * is left: uses are held from checkout on, so racing checkouts never get more discounts than the
 * maximum. A payment that is cancelled gives its use back (releaseCouponHold).
 */
export async function holdCouponUse(
  trx: DbOrTrx,
  input: { couponId: string; userId: string; paymentId: string },
): Promise<void> {
  // Once per member: the member's earlier checkouts still open were closed before this (their
  // uses given back), so any use left is one a payment took.
  if ((await repo.countRedemptionsByUser(trx, input.couponId, input.userId)) > 0)
    throw new AppError('CONFLICT', COUPON_MESSAGES.alreadyUsed);
  if (!(await redeemCouponOnce(trx, input))) throw new AppError('CONFLICT', COUPON_MESSAGES.usedUp);
}

/** The use a cancelled payment held, given back; nothing when it held none. */
export async function releaseCouponHold(trx: DbOrTrx, paymentId: string): Promise<void> {
  const couponId = await repo.deleteRedemptionOfPayment(trx, paymentId);
  if (couponId) await repo.giveRedemptionBack(trx, couponId);
}
