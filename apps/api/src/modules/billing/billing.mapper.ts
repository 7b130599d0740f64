import type { PaymentWire, SubscriptionWire } from '@pawsy/contract';
import type { PaymentRow, SubscriptionRow } from './billing.repository.ts';
import { wireCurrency } from '../../lib/currency.ts';

export function toPaymentWire(row: PaymentRow): PaymentWire {
  return {
    _id: row.id,
    kind: row.kind,
    referenceId: row.reference_id,
    amountCents: row.amount_cents,
    currency: wireCurrency(row.currency),
    status: row.status,
    gateway: row.gateway,
    discountCents: row.discount_cents,
    refundedCents: row.refunded_cents,
    createdAt: row.created_at,
    paidAt: row.paid_at,
  };
}

export function toSubscriptionWire(row: SubscriptionRow, packageName: string): SubscriptionWire {
  return {
    _id: row.id,
    packageId: row.package_id,
    packageName,
    status: row.status,
    currentPeriodEnd: row.current_period_end,
    cancelAtPeriodEnd: row.cancel_at_period_end === 1,
    gateway: row.gateway,
  };
}
