import { z } from 'zod';
import {
  bounded,
  boundedPageQuery,
  fieldWords,
  id,
  isoInstant,
  seenUpdatedAt,
  wholeNumber,
} from './common.ts';

export const couponKind = z.enum(['percent', 'amount']);
export type CouponKind = z.infer<typeof couponKind>;

export const COUPONS_PAGE_SIZE = 20;
export const COUPON_CODE_MAX = 40;
/** Amount-off coupons are in cents; a bound keeps absurd values out. */
export const COUPON_AMOUNT_MAX = 1_000_000;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A bound of the coupon's validity: a date or date-time, stored as ISO 8601 UTC; null clears it.
 * A calendar date alone is a whole UTC day, so it means that day's first instant as `validFrom`
 * (`start`) and its last as `validTo` (`end`): "2026-12-05" for both is a one-day coupon, as the
 * web form sends it, not one that expires as it begins.
 */
const dayBound = (edge: 'start' | 'end') =>
  isoInstant('Must be a date (ISO 8601)')
    .transform((v) =>
      DATE_ONLY.test(v) ? `${v}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}Z` : v,
    )
    .nullish();

const couponFields = {
  code: z
    .string({ error: 'code is required' })
    .trim()
    .min(3, 'code must be 3 to 40 characters')
    .max(COUPON_CODE_MAX, 'code must be 3 to 40 characters')
    .regex(/^[A-Za-z0-9_-]+$/, 'code may only contain letters, digits, - and _'),
  kind: couponKind,
  /** Percent off (1–100) or cents off (≥ 1), by kind. */
  // Past the larger kind's bound it is "at most", not "not whole" (a number beyond 2^53 reads as
  // not whole to zod); within it, checkCoupon words each kind's own limit.
  value: wholeNumber(z.number({ error: fieldWords.notA('value', 'a number') }), {
    whole: 'value must be a whole number',
    min: [1, 'value must be at least 1'],
    max: [COUPON_AMOUNT_MAX, `value must be at most ${COUPON_AMOUNT_MAX}`],
  }),
  validFrom: dayBound('start'),
  validTo: dayBound('end'),
  maxRedemptions: bounded('maxRedemptions', 1, 10_000_000).nullish(),
  active: z.boolean().optional(),
};

type CouponShape = {
  kind?: CouponKind;
  value?: number;
  validFrom?: string | null;
  validTo?: string | null;
};
function checkCoupon(c: CouponShape, ctx: z.RefinementCtx) {
  if (c.kind === 'percent' && c.value !== undefined && c.value > 100)
    ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percent coupon is 1 to 100' });
  if (c.kind === 'amount' && c.value !== undefined && c.value > COUPON_AMOUNT_MAX)
    ctx.addIssue({ code: 'custom', path: ['value'], message: 'Amount off is too large' });
  if (c.validFrom && c.validTo && Date.parse(c.validTo) <= Date.parse(c.validFrom))
    ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'validTo must be after validFrom' });
}

/** POST /api/coupons (admins). */
export const createCouponBody = z.object(couponFields).superRefine(checkCoupon);
export type CreateCouponBody = z.input<typeof createCouponBody>;

/** PUT /api/coupons/{id} (admins): any subset of the fields. */
export const updateCouponBody = z
  .object({ ...couponFields, updatedAt: seenUpdatedAt })
  .partial()
  .superRefine(checkCoupon);
export type UpdateCouponBody = z.input<typeof updateCouponBody>;

export const coupon = z.object({
  _id: id,
  code: z.string(),
  kind: couponKind,
  value: z.number().int(),
  /** value again under the name of its kind (the other is null): percent, or cents off. */
  percentOff: z.number().int().nullable(),
  amountOff: z.number().int().nullable(),
  /** The currency of the cents an amount coupon takes off (payments are charged in it). */
  currency: z.string(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  maxRedemptions: z.number().int().nullable(),
  redemptions: z.number().int(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Coupon = z.infer<typeof coupon>;

/** SPEC §7's `page`, and DESIGN §4's `limit` (20 unless given, at most 100). */
export const couponListQuery = boundedPageQuery(COUPONS_PAGE_SIZE, {});

/** SPEC §7: GET /api/coupons?page → { data, page, pages, total }. */
export const couponListResponse = z.object({
  data: z.array(coupon),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type CouponListResponse = z.infer<typeof couponListResponse>;

export const couponResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: coupon,
});

/** GET /api/coupons/quote?code&amountCents: what a coupon takes off a price, before paying. */
export const couponQuoteQuery = z.object({
  code: z
    .string({ error: 'code is required' })
    .trim()
    .min(1, 'code is required')
    .max(100, 'code must be at most 100 characters'),
  amountCents: wholeNumber(
    z.coerce.number({ error: 'amountCents is required and must be a number of cents' }),
    {
      whole: 'amountCents must be a whole number of cents',
      min: [0, 'amountCents must be at least 0'],
      max: [100_000_000, 'amountCents must be at most 100000000'],
    },
  ),
});
export const couponQuote = z.object({
  couponId: id,
  code: z.string(),
  discountCents: z.number().int(),
  finalCents: z.number().int(),
  /** Of discountCents and finalCents: the currency payments (and so coupons) are charged in. */
  currency: z.string(),
});
export type CouponQuote = z.infer<typeof couponQuote>;
export const couponQuoteResponse = z.object({ success: z.literal(true), data: couponQuote });
