// Tables of coupons, packages, the audit log, payments and booking charges (re-exported by schema.ts).
/** A discount code managed by admins (modules/coupons); value is a percent or cents off. */
export interface CouponsTable {
  id: string;
  code: string;
  code_lower: string;
  kind: 'percent' | 'amount';
  value: number;
  valid_from: string | null;
  valid_to: string | null;
  max_redemptions: number | null;
  redemptions: number;
  active: number;
  created_at: string;
  updated_at: string;
}

/** One use of a coupon, at most one per payment. */
export interface CouponRedemptionsTable {
  id: string;
  coupon_id: string;
  user_id: string;
  payment_id: string;
  created_at: string;
}

/** A subscription package (modules/packages). */
export interface PackagesTable {
  id: string;
  name: string;
  description: string;
  price_cents: number;
  currency: string;
  interval: 'month' | 'year';
  credits_included: number;
  active: number;
  stripe_price_id: string | null;
  created_at: string;
  updated_at: string;
}

/** One admin action (modules/audit); before/after are JSON text. Insert-only. */
export interface AuditLogTable {
  id: string;
  actor_id: string;
  action: string;
  target_type: string;
  target_id: string;
  subject_user_id: string | null;
  before: string | null;
  after: string | null;
  created_at: string;
}

/** A payment asked of a gateway (modules/billing): a subscription's or a booking's card part. */
export interface PaymentsTable {
  id: string;
  user_id: string;
  kind: 'subscription' | 'booking';
  /** The subscription's or the booking's id. */
  reference_id: string;
  amount_cents: number;
  currency: string;
  status: 'pending' | 'paid' | 'cancelled' | 'refunded' | 'partially_refunded' | 'failed';
  gateway: 'stripe' | 'sandbox';
  gateway_ref: string | null;
  coupon_id: string | null;
  discount_cents: number;
  refunded_cents: number;
  created_at: string;
  paid_at: string | null;
  updated_at: string;
}

/** A member's subscription to a package; is_paid follows whether one is active. */
export interface SubscriptionsTable {
  id: string;
  user_id: string;
  package_id: string;
  status: 'active' | 'canceled' | 'past_due' | 'incomplete';
  current_period_end: string | null;
  cancel_at_period_end: number;
  gateway: 'stripe' | 'sandbox';
  gateway_ref: string | null;
  /** The package's credits when its checkout opened; null on rows from before (the package's). */
  credits_sold: number | null;
  created_at: string;
  updated_at: string;
}

/** A gateway event (Stripe's event id) already applied. */
export interface ProcessedEventsTable {
  id: string;
  created_at: string;
}

/** The card part of a booking (modules/bookings); no row = no card payment needed. */
export interface BookingChargesTable {
  booking_id: string;
  payment_id: string;
  state: 'awaiting' | 'paid' | 'cancelled';
  card_cents: number;
  card_refunded_cents: number;
  checkout_url: string | null;
  created_at: string;
  updated_at: string;
}
