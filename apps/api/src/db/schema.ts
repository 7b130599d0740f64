import type { Generated } from 'kysely';
import type {
  AuditLogTable,
  BookingChargesTable,
  CouponRedemptionsTable,
  CouponsTable,
  PackagesTable,
  PaymentsTable,
  ProcessedEventsTable,
  SubscriptionsTable,
} from './schema-billing.ts';
import type { TrustTables } from './schema-trust.ts';

import type {
  CalendarVersionTable,
  DirectoryVersionTable,
  ProviderOfferCountsTable,
  SitterBlocksTable,
  SitterCalendarsTable,
  SitterScheduleWindowsTable,
} from './schema-availability.ts';

import type { BookingSeriesTable } from './schema-series.ts';
import type {
  BookingDayCountsTable,
  BookingStatusCountsTable,
  FeedListingsTable,
  RatingRefreshTable,
  UserDayCountsTable,
  UserRoleCountsTable,
} from './schema-counters.ts';

export type * from './schema-availability.ts';
export type * from './schema-billing.ts';
export type * from './schema-trust.ts';
export type * from './schema-series.ts';
export type * from './schema-counters.ts';

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

/** Unconfirmed accounts whose claim a signup with another password replaced (auth.service). */
export interface ContestedClaimsTable {
  user_id: string;
  created_at: string;
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
  /** A code's purpose; 'signup-notice' rows (written before auth_mail_gates) hold no usable code. */
  purpose: 'verify-email' | 'reset-password' | 'signup-notice';
  code_hash: string;
  attempts: number;
  expires_at: string;
  consumed_at: string | null;
  created_at: string;
}

/** When an auth mail of a kind last went to an account: the resend gate's one claimable row. */
export interface AuthMailGatesTable {
  user_id: string;
  kind: OneTimeCodesTable['purpose'];
  sent_at: string;
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
  /** The recurring series the booking is an occurrence of (migration 07-10). */
  series_id?: string | null;
}

export interface BookingRequestsTable {
  id: string;
  booking_id: string;
  provider_id: string;
  initiated_by: 'owner' | 'provider';
  state: 'pending' | 'accepted' | 'rejected' | 'withdrawn' | 'closed';
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

/** A reminder already sent (modules/bookings): the key makes each one go out once. */
export interface BookingRemindersTable {
  kind: 'day-before' | 'request';
  booking_id: string;
  user_id: string;
  sent_at: string;
}

export interface CreditEntriesTable {
  id: string;
  user_id: string;
  amount: number; // signed cents
  reason: string;
  booking_id: string | null;
  created_at: string;
}

/** Each credit ledger's sum, kept by triggers on credit_entries (migration 16-10). */
export interface CreditBalancesTable {
  user_id: string;
  balance: number;
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
  /** The booking's series, copied at insert: one review per author per series (unique index). */
  series_id: string | null;
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
  /** Set when the owner removed the pet (soft: past bookings keep it); null while on the profile. */
  removed_at: string | null;
}

export interface Database extends TrustTables {
  users: UsersTable & UserRatingColumns & UserVersionColumn;
  sessions: SessionsTable;
  one_time_codes: OneTimeCodesTable;
  contested_claims: ContestedClaimsTable;
  auth_mail_gates: AuthMailGatesTable;
  notifications: NotificationsTable;
  bookings: BookingsTable;
  booking_requests: BookingRequestsTable;
  booking_events: BookingEventsTable;
  booking_charges: BookingChargesTable;
  booking_reminders: BookingRemindersTable;
  credit_entries: CreditEntriesTable;
  credit_balances: CreditBalancesTable;
  reviews: ReviewsTable;
  pets: PetsTable;
  rating_refresh: RatingRefreshTable;
  audit_log: AuditLogTable;
  coupons: CouponsTable;
  coupon_redemptions: CouponRedemptionsTable;
  packages: PackagesTable;
  payments: PaymentsTable;
  subscriptions: SubscriptionsTable;
  processed_events: ProcessedEventsTable;
  sitter_calendars: SitterCalendarsTable;
  sitter_schedule_windows: SitterScheduleWindowsTable;
  sitter_blocks: SitterBlocksTable;
  provider_offer_counts: ProviderOfferCountsTable;
  calendar_version: CalendarVersionTable;
  booking_series: BookingSeriesTable;
  booking_status_counts: BookingStatusCountsTable;
  booking_day_counts: BookingDayCountsTable;
  user_role_counts: UserRoleCountsTable;
  feed_listings: FeedListingsTable;
  user_day_counts: UserDayCountsTable;
  directory_version: DirectoryVersionTable;
}

/**
 * Rating cache on users, derived from visible reviews by modules/reviews/rating-cache.ts (never
 * edited elsewhere). Kept out of UsersTable so profile rows (UserRow) stay as they are.
 */
export interface UserRatingColumns {
  rating_avg: number | null;
  rating_count: Generated<number>;
}

/**
 * Moved by a trigger on every update of the row (migration 22-00); never written by the app. The
 * own-profile read serves its kept answer while this is unchanged.
 */
export interface UserVersionColumn {
  version: Generated<number>;
}
