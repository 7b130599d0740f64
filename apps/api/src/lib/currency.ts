/**
 * The currency billing charges every card payment in, and so the one an amount coupon takes off
 * and revenue is summed in. It lives in lib rather than in billing because coupons name it too,
 * and billing imports coupons (modules may not import in a cycle). Upper case, as ISO 4217 and
 * every currency on the wire spell it; the Stripe gateway lowers it for Stripe's API.
 */
export const BILLING_CURRENCY = 'USD';

/** A stored currency code as the wire spells it (ISO 4217, upper case; older rows say `usd`). */
export const wireCurrency = (code: string): string => code.toUpperCase();
