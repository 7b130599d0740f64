import { createCouponBody } from '@pawsy/contract';
import type { Coupon, CreateCouponBody } from '../coupons-api';

/** The form's fields: amounts in dollars, dates as YYYY-MM-DD (the wire has cents and ISO). */
export type Values = {
  code: string;
  kind: 'percent' | 'amount';
  value: number | string;
  validFrom: string;
  validTo: string;
  maxRedemptions: number | string;
  active: boolean;
};

const dateOnly = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

export function initialValues(coupon: Coupon | null): Values {
  if (!coupon) {
    return {
      code: '',
      kind: 'percent',
      value: 10,
      validFrom: '',
      validTo: '',
      maxRedemptions: '',
      active: true,
    };
  }
  return {
    code: coupon.code,
    kind: coupon.kind,
    // Amounts are cents on the wire, dollars in the form.
    value: coupon.kind === 'amount' ? coupon.value / 100 : coupon.value,
    validFrom: dateOnly(coupon.validFrom),
    validTo: dateOnly(coupon.validTo),
    maxRedemptions: coupon.maxRedemptions ?? '',
    active: coupon.active,
  };
}

/** What is wrong with the discount as typed, or null (checked before anything is sent). */
export function discountError(v: Values): string | null {
  const value = v.value === '' ? NaN : Number(v.value);
  if (v.kind === 'percent')
    return Number.isInteger(value) && value >= 1 && value <= 100
      ? null
      : 'Percent off is a whole number from 1 to 100';
  return Number.isFinite(value) && value >= 0.01 ? null : 'Enter an amount of at least $0.01';
}

export type FieldErrors = Partial<Record<keyof Values, string>>;

/** "code may only contain…" as a sentence under the Code field. */
const sentence = (message: string) => message.charAt(0).toUpperCase() + message.slice(1);

/** What is wrong with the form as typed, by field, checked with the contract's own rules. */
export function formErrors(v: Values): FieldErrors {
  const errors: FieldErrors = {};
  const code = createCouponBody.shape.code.safeParse(v.code);
  if (!code.success) errors.code = sentence(code.error.issues[0]?.message ?? 'Enter a valid code');
  const discount = discountError(v);
  if (discount) errors.value = discount;
  // "Valid until" covers its whole day, so the same day as "Valid from" is fine.
  if (v.validFrom && v.validTo && v.validTo < v.validFrom)
    errors.validTo = 'The end date must not be before the start date';
  const max = v.maxRedemptions === '' ? null : Number(v.maxRedemptions);
  if (max !== null && !(Number.isInteger(max) && max >= 1))
    errors.maxRedemptions = 'Enter a whole number of at least 1, or leave it empty for no limit';
  return errors;
}

/** "Valid until" a day already over (UTC, as the API reads it): said, not refused. */
export const endsInThePast = (validTo: string, today = new Date().toISOString().slice(0, 10)) =>
  validTo !== '' && validTo < today;

export function toBody(v: Values): CreateCouponBody {
  const value = Number(v.value);
  return {
    code: v.code.trim(),
    kind: v.kind,
    value: v.kind === 'amount' ? Math.round(value * 100) : Math.round(value),
    // A "valid until" day includes that whole day (UTC).
    validFrom: v.validFrom ? `${v.validFrom}T00:00:00.000Z` : null,
    validTo: v.validTo ? `${v.validTo}T23:59:59.999Z` : null,
    maxRedemptions: v.maxRedemptions === '' ? null : Number(v.maxRedemptions),
    active: v.active,
  };
}
