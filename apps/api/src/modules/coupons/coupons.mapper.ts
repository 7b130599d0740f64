import type { Coupon } from '@pawsy/contract';
import { BILLING_CURRENCY } from '../../lib/currency.ts';
import type { CouponRow } from './coupons.repository.ts';

export function toCoupon(row: CouponRow): Coupon {
  return {
    _id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    percentOff: row.kind === 'percent' ? row.value : null,
    amountOff: row.kind === 'amount' ? row.value : null,
    currency: BILLING_CURRENCY,
    validFrom: row.valid_from,
    validTo: row.valid_to,
    maxRedemptions: row.max_redemptions,
    redemptions: row.redemptions,
    active: Boolean(row.active),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
