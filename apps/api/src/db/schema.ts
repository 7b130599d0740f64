import type { Generated } from 'kysely';

/**
 * Kysely table types. Booleans are stored as 0/1 integers and times as ISO 8601
 * UTC strings so that one migration set serves SQLite and PostgreSQL alike.
 * Each area adds its tables here and in its own migration file.
 */
export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  phone: string;
  user_type: 'user' | 'provider' | 'admin';
  term: number;
  primary_services: string; // JSON array
  email_verified: number;
  is_verified: number;
  kyc_verified: number;
  is_paid: number;
  email_notification: number;
  dob: string | null;
  emergency_phone: string | null;
  bio: string | null;
  headline: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
  date_of_issue: string | null;
  date_of_expiry: string | null;
  document_type: string | null;
  preferred_location: string | null;
  pet_prefrences: string; // JSON array
  service_rates: string; // JSON object: service -> cents
  currency: string;
  image_path: string | null;
  latitude: number | null;
  longitude: number | null;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface OneTimeCodesTable {
  id: string;
  user_id: string;
  purpose: 'verify-email' | 'reset-password';
  code_hash: string;
  attempts: number;
  expires_at: string;
  consumed_at: string | null;
  created_at: string;
}

export interface NotificationsTable {
  id: string;
  user_id: string;
  type: string;
  message: string;
  data: string; // JSON object
  read_at: string | null;
  created_at: string;
}

export interface BookingsTable {
  id: string;
  owner_id: string;
  provider_id: string | null;
  service: string;
  pets: string; // JSON array of pet ids
  start_at: string;
  end_at: string;
  notes: string;
  status: 'pending' | 'accepted' | 'in-progress' | 'completed' | 'cancelled';
  units: number | null;
  rate_cents: number | null;
  price_cents: number | null;
  currency: string | null;
  credits_applied: number;
  credits_refunded: number;
  cancelled_by: string | null;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface BookingRequestsTable {
  id: string;
  booking_id: string;
  provider_id: string;
  initiated_by: 'owner' | 'provider';
  state: 'pending' | 'accepted' | 'rejected' | 'withdrawn';
  created_at: string;
  updated_at: string;
}

export interface BookingEventsTable {
  id: string;
  booking_id: string;
  actor_id: string | null;
  type: string;
  note: string | null;
  image_path: string | null;
  image_mime: string | null;
  created_at: string;
}

export interface CreditEntriesTable {
  id: string;
  user_id: string;
  amount: number; // signed cents
  reason: string;
  booking_id: string | null;
  created_at: string;
}

export interface ReviewsTable {
  id: string;
  booking_id: string;
  author_id: string;
  subject_id: string;
  rating: number;
  comment: string;
  created_at: string;
  /** When the review becomes visible (double-blind); set by the reviews area. */
  visible_at: string | null;
}

export interface PetsTable {
  id: string;
  user_id: string;
  name: string;
  species: string;
  breed: string | null;
  age: number | null;
  weight: number | null;
  sex: string;
  care_notes: string | null;
  medical_notes: string | null;
  image_path: string | null;
  created_at: string;
  updated_at: string;
}

export interface Database {
  users: UsersTable & UserRatingColumns;
  sessions: SessionsTable;
  one_time_codes: OneTimeCodesTable;
  notifications: NotificationsTable;
  bookings: BookingsTable;
  booking_requests: BookingRequestsTable;
  booking_events: BookingEventsTable;
  booking_charges: BookingChargesTable;
  credit_entries: CreditEntriesTable;
  reviews: ReviewsTable;
  pets: PetsTable;
  rating_refresh: RatingRefreshTable;
  contact_messages: ContactMessagesTable;
  stream_tickets: StreamTicketsTable;
  messages: MessagesTable;
  disputes: DisputesTable;
  dispute_evidence: DisputeEvidenceTable;
  kyc_records: KycRecordsTable;
  kyc_documents: KycDocumentsTable;
  kyc_messages: KycMessagesTable;
  audit_log: AuditLogTable;
  coupons: CouponsTable;
  coupon_redemptions: CouponRedemptionsTable;
  packages: PackagesTable;
  payments: PaymentsTable;
  subscriptions: SubscriptionsTable;
  processed_events: ProcessedEventsTable;
}

/**
 * Rating cache on users, derived from visible reviews by modules/reviews/rating-cache.ts (never
 * edited elsewhere). Kept out of UsersTable so profile rows (UserRow) stay as they are.
 */
export interface UserRatingColumns {
  rating_avg: number | null;
  rating_count: Generated<number>;
}

/** One row (id 1): the watermark of the cached-ratings refresh job. */
export interface RatingRefreshTable {
  id: number;
  last_run_at: string;
}

/** A message sent through the public contact form (modules/contact). */
export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  subject: string | null;
  message: string;
  created_at: string;
}

/** A single-use ticket that opens the live channel (modules/notifications); id = SHA-256 of it. */
export interface StreamTicketsTable {
  id: string;
  user_id: string;
  session_id: string;
  expires_at: string;
  used_at: string | null;
}

/** A dispute on a booking (modules/disputes); resolution_reason is the wire's rejectionReason. */
export interface DisputesTable {
  id: string;
  booking_id: string;
  opened_by: string;
  reason: string;
  description: string;
  status: 'open' | 'resolved' | 'closed';
  winner_id: string | null;
  resolution_reason: string | null;
  settled_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A file attached to a dispute as evidence; stored_name is its name in the upload store. */
export interface DisputeEvidenceTable {
  id: string;
  dispute_id: string;
  stored_name: string;
  mime: string;
  size: number;
  original_name: string;
  created_at: string;
}

/** A KYC submission (modules/kyc); a resubmission may reuse it (status back to PENDING). */
export interface KycRecordsTable {
  id: string;
  user_id: string;
  status: 'PENDING' | 'Verified' | 'Rejected';
  text: string;
  rejection_reason: string | null;
  reviewed_by: string | null;
  created_at: string;
  updated_at: string;
}

/** A document of a KYC record; the file lives in DATA_DIR/uploads under stored_name. */
export interface KycDocumentsTable {
  id: string;
  kyc_id: string;
  stored_name: string;
  mime: string;
  size: number;
  original_name: string;
  created_at: string;
}

/** A message between the record's user and a reviewer. */
export interface KycMessagesTable {
  id: string;
  kyc_id: string;
  sender_id: string;
  text: string;
  sent_at: string;
}

/** A booking chat message between its two parties (modules/messages). */
export interface MessagesTable {
  id: string;
  booking_id: string;
  sender_id: string;
  recipient_id: string;
  text: string;
  created_at: string;
  read_at: string | null;
}

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
