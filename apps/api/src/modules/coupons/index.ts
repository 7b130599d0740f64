/**
 * Public surface of the coupons area. Billing quotes a coupon before checkout (quoteCoupon: a
 * 4xx AppError says why it cannot be used) and redeems it when the payment is fulfilled, inside
 * its own transaction (redeemCouponOnce: at most once per payment, never above the maximum).
 */
export { couponsRoutes } from './coupons.routes.ts';
export { quoteCoupon, redeemCouponOnce } from './coupons.service.ts';
export { COUPON_MESSAGES } from './coupons.rules.ts';
// The demo seed writes coupons already expired or used up, which no service call does.
export { insertCoupon } from './coupons.repository.ts';
