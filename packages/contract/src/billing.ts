import { z } from 'zod';
import { id, pathId, plainText } from './common.ts';

/** Coupon codes as typed: trimmed, and an empty field means "no coupon". */
const couponCode = z
  .string()
  .trim()
  .max(64, 'Coupon code is too long')
  .nullish()
  .transform((v) => (v ? v : null));

/**
 * The smallest card charge the gateway takes: Stripe refuses a charge under $0.50 in USD
 * (docs.stripe.com/currencies, "Minimum and maximum charge amounts"), and billing charges in USD.
 * Both gateways (Stripe and the sandbox) are held to it, so a charge that would fail at Stripe is
 * refused, or priced up to it, before a checkout is opened.
 */
export const MIN_CARD_CENTS = 50;

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * Why a booking's card part (price less credits) cannot be charged, or null: it is either nothing
 * or at least MIN_CARD_CENTS. The message says which credits would do.
 */
export function cardPartIssue(priceCents: number, creditsCents: number): string | null {
  const card = priceCents - creditsCents;
  if (card <= 0 || card >= MIN_CARD_CENTS) return null;
  const most = priceCents - MIN_CARD_CENTS;
  const options =
    most >= 0
      ? `apply ${dollars(most)} or less in credits, or all ${dollars(priceCents)}`
      : `apply all ${dollars(priceCents)} in credits`;
  return `The card part must be at least ${dollars(MIN_CARD_CENTS)}: ${options}`;
}

/** SPEC §5: "Subscription creation requires a token, otherwise 'Missing auth token'" (a 401). */
export const SUBSCRIPTION_MISSING_TOKEN = 'Missing auth token';

/**
 * POST /api/stripe/create-subscription: no packageId = the first active package; the coupon is
 * optional, and so is the whole body (no body = no coupon).
 */
export const createSubscriptionBody = z
  .object({ packageId: id.optional(), couponCode })
  .nullish()
  .transform((body) => body ?? { couponCode: null });
export type CreateSubscriptionBody = z.input<typeof createSubscriptionBody>;

/** Where to send the browser to pay: Stripe's Checkout page or the local sandbox's. */
export const checkout = z.object({
  url: z.string(),
  paymentId: z.string(),
  subscriptionId: z.string().optional(),
});
export type Checkout = z.infer<typeof checkout>;
/** POST /api/stripe/create-subscription; `url` repeats `data.url` where SPEC §7's client reads it. */
export const checkoutResponse = z.object({
  success: z.literal(true),
  data: checkout,
  url: z.string(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponse>;

/** POST /api/stripe/quote: the price to pay for a package with an optional coupon. */
export const subscriptionQuoteBody = z.object({ packageId: id, couponCode });
export type SubscriptionQuoteBody = z.input<typeof subscriptionQuoteBody>;
export const subscriptionQuote = z.object({
  packageId: z.string(),
  currency: z.string(),
  priceCents: z.number().int(),
  discountCents: z.number().int(),
  finalCents: z.number().int(),
  couponCode: z.string().nullable(),
});
export type SubscriptionQuote = z.infer<typeof subscriptionQuote>;
export const subscriptionQuoteResponse = z.object({
  success: z.literal(true),
  data: subscriptionQuote,
});
export type SubscriptionQuoteResponse = z.infer<typeof subscriptionQuoteResponse>;

export const subscriptionStatus = z.enum(['active', 'canceled', 'past_due', 'incomplete']);
export const subscriptionWire = z.object({
  _id: z.string(),
  packageId: z.string(),
  packageName: z.string(),
  status: subscriptionStatus,
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  gateway: z.enum(['stripe', 'sandbox']),
});
export type SubscriptionWire = z.infer<typeof subscriptionWire>;

/** GET /api/payments/subscription: the caller's current subscription, if any. */
export const mySubscriptionResponse = z.object({
  success: z.literal(true),
  data: subscriptionWire.nullable(),
  isPaid: z.boolean(),
});
export type MySubscriptionResponse = z.infer<typeof mySubscriptionResponse>;

export const paymentWire = z.object({
  _id: z.string(),
  kind: z.enum(['subscription', 'booking']),
  referenceId: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.enum(['pending', 'paid', 'cancelled', 'refunded', 'partially_refunded', 'failed']),
  gateway: z.enum(['stripe', 'sandbox']),
  discountCents: z.number().int(),
  refundedCents: z.number().int(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type PaymentWire = z.infer<typeof paymentWire>;

/** GET /api/payments/{id}: one of the caller's payments (the success page shows it). */
export const paymentResponse = z.object({ success: z.literal(true), data: paymentWire });

export const sandboxParams = z.object({ paymentId: pathId });
/** The sandbox checkout link: its token signs the payment and both return paths. */
export const sandboxQuery = z.object({
  token: plainText('token', 128).default(''),
  success: plainText('success', 300).default('/payment-success'),
  cancel: plainText('cancel', 300).default('/payment-cancel'),
});
export const sandboxForm = sandboxQuery;
/** `duplicate` when the event id was already applied (nothing changed). */
export const webhookResponse = z.object({
  received: z.literal(true),
  duplicate: z.literal(true).optional(),
});
