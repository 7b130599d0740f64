// Public surface of the coupons feature: the subscribe screen quotes a coupon before paying.
export { couponsApi, COUPON_MESSAGES } from './coupons-api';
export type { CouponQuote } from './coupons-api';
