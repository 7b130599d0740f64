/**
 * The currency billing charges every card payment in (Stripe spells it in lower case), and so the
 * one an amount coupon takes off and revenue is summed in. It lives in lib rather than in billing
 * because coupons name it too, and billing imports coupons (modules may not import in a cycle).
 */
export const BILLING_CURRENCY = 'usd';
