/**
 * Public surface of the coupons area. Billing quotes a coupon before checkout (quoteCoupon: a
 * 4xx AppError says why it cannot be used), holds one use with the pending payment
 * (holdCouponUse: never above the maximum, 409 when none is left), gives it back when the payment
 * is cancelled (releaseCouponHold), and confirms it when the payment is fulfilled
 * (redeemCouponOnce: at most once per payment). Billing also tells coupons, at start-up, how
 * many uses a member holds in checkouts still open (countHeldUsesWith), which quoteCoupon leaves
 * to them.
 */
export { couponsRoutes } from './coupons.routes.ts';
// Billing's quote and checkout spend the same per-member budget of code checks as the coupon quote.
export { couponCheckLimit } from './code-checks.ts';
export {
  holdCouponUse,
  quoteCoupon,
  redeemCouponOnce,
  releaseCouponHold,
} from './coupons.service.ts';
export { COUPON_MESSAGES } from './coupons.rules.ts';
export { countHeldUsesWith, type HeldUsesCounter } from './held-uses.ts';
// The demo seed writes coupons already expired or used up, which no service call does.
export { insertCoupon } from './coupons.repository.ts';
