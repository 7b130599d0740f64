import { MIN_CARD_CENTS } from '@pawsy/contract';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { CouponRow } from './coupons.repository.ts';

/** The client-visible reasons a coupon cannot be used (all 4xx). */
export const COUPON_MESSAGES = {
  unknown: 'Coupon not found',
  inactive: 'Coupon is not active',
  expired: 'Coupon has expired',
  notYetValid: 'Coupon is not valid yet',
  usedUp: 'Coupon has reached its maximum number of redemptions',
  alreadyUsed: 'You have already used this coupon',
  duplicateCode: 'A coupon with this code already exists',
} as const;

/** 409: an edit may not set the maximum below the uses already taken (held or redeemed). */
export function maxBelowUses(redemptions: number, max: number): AppError {
  const message = `The maximum number of redemptions cannot be ${max}: the coupon has already been used ${redemptions} time${redemptions === 1 ? '' : 's'}`;
  return new AppError('CONFLICT', message, [{ path: 'maxRedemptions', message }]);
}

/**
 * Throws the reason a coupon cannot be applied now, if any. `heldByCaller` is how many of its
 * uses the caller holds in checkouts still open: opening another checkout gives those back first
 * (openCheckout), so they do not count against the caller.
 */
export function assertUsable(
  coupon: CouponRow | undefined,
  heldByCaller = 0,
  now = new Date(),
): CouponRow {
  if (!coupon) throw notFound('Coupon');
  if (!coupon.active) throw new AppError('BAD_REQUEST', COUPON_MESSAGES.inactive);
  const at = now.getTime();
  if (coupon.valid_from && Date.parse(coupon.valid_from) > at)
    throw new AppError('BAD_REQUEST', COUPON_MESSAGES.notYetValid);
  if (coupon.valid_to && Date.parse(coupon.valid_to) <= at)
    throw new AppError('BAD_REQUEST', COUPON_MESSAGES.expired);
  if (
    coupon.max_redemptions !== null &&
    coupon.redemptions - heldByCaller >= coupon.max_redemptions
  )
    throw new AppError('CONFLICT', COUPON_MESSAGES.usedUp);
  return coupon;
}

/**
 * Cents off a price: a percent rounds down to the cent, an amount never exceeds the price, and a
 * price left above nothing is left at least MIN_CARD_CENTS (the gateway charges no less), so a
 * 99 % coupon on $9.00 takes off $8.50. A price that is itself under the minimum is not raised.
 */
export function discountFor(coupon: Pick<CouponRow, 'kind' | 'value'>, amountCents: number) {
  const asked =
    coupon.kind === 'percent'
      ? Math.floor((amountCents * coupon.value) / 100)
      : Math.min(coupon.value, amountCents);
  const left = amountCents - asked;
  const off = left > 0 && left < MIN_CARD_CENTS ? Math.max(0, amountCents - MIN_CARD_CENTS) : asked;
  return { discountCents: off, finalCents: amountCents - off };
}
