/**
 * A year of marketplace history for the admin dashboard bench: users, bookings and the smaller
 * tables the dashboard counts, inserted in batches inside transactions (minutes, not hours).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../apps/api/src/db/schema.ts';

const DAY = 86_400_000;
const BATCH = 1000;
const TX_ROWS = 50_000;
const ROLES = ['user', 'user', 'user', 'provider'] as const;
const STATUSES = ['pending', 'accepted', 'in-progress', 'completed', 'completed', 'cancelled'];

/** Deterministic 24-hex ids: a table prefix and a sequence number. */
const hexId = (prefix: number, n: number) =>
  prefix.toString(16).padStart(2, '0') + n.toString(16).padStart(22, '0');
/** A time `n / count` of the way through the last year (so rows spread evenly over it). */
const spread = (now: number, n: number, count: number) =>
  new Date(now - 365 * DAY + Math.floor((n / count) * 365 * DAY)).toISOString();

async function fill<T>(
  db: Kysely<Database>,
  table: keyof Database,
  count: number,
  row: (n: number) => T,
): Promise<void> {
  for (let from = 0; from < count; from += TX_ROWS) {
    await db.transaction().execute(async (trx) => {
      for (let b = from; b < Math.min(count, from + TX_ROWS); b += BATCH) {
        const rows = Array.from({ length: Math.min(BATCH, count - b) }, (_, i) => row(b + i));
        // One generic filler for every table: the row builders are typed at the call sites.
        await trx
          .insertInto(table)
          .values(rows as never)
          .execute();
      }
    });
  }
}

export type Sizes = { users: number; bookings: number };

export async function populate(db: Kysely<Database>, sizes: Sizes): Promise<void> {
  const now = Date.now();
  const { users, bookings } = sizes;
  const user = (n: number) => hexId(1, n);
  await fill(db, 'users', users, (n) => ({
    id: user(n),
    email: `bench${n}@example.test`,
    password_hash: 'x',
    first_name: `Bench${n}`,
    last_name: 'User',
    phone: '',
    user_type: n === 0 ? 'admin' : ROLES[n % ROLES.length]!,
    term: 1,
    primary_services: '[]',
    email_verified: 1,
    is_verified: n % 3 === 0 ? 1 : 0,
    kyc_verified: n % 5 === 0 ? 1 : 0,
    is_paid: n % 20 === 0 ? 1 : 0,
    email_notification: 1,
    pet_prefrences: '[]',
    service_rates: '{}',
    currency: 'USD',
    created_at: spread(now, n, users),
    updated_at: spread(now, n, users),
  }));
  const owner = (n: number) => user(1 + ((n * 4) % (users - 4)));
  const provider = (n: number) => user(3 + 4 * (n % Math.floor((users - 4) / 4)));
  await fill(db, 'bookings', bookings, (n) => {
    const at = spread(now, n, bookings);
    const status = STATUSES[n % STATUSES.length]!;
    return {
      id: hexId(2, n),
      owner_id: owner(n),
      provider_id: status === 'pending' ? null : provider(n),
      service: 'Dog walking',
      pets: '[]',
      start_at: at,
      end_at: at,
      notes: '',
      status,
      units: 1,
      rate_cents: 2000,
      price_cents: 2000,
      currency: 'USD',
      credits_applied: 0,
      credits_refunded: 0,
      cancelled_by: null,
      completed_at: null,
      created_at: at,
      updated_at: at,
    };
  });
  const side = Math.floor(users / 20);
  await fill(db, 'kyc_records', side, (n) => ({
    id: hexId(3, n),
    user_id: user(1 + n),
    status: (['PENDING', 'Verified', 'Rejected'] as const)[n % 3]!,
    text: '',
    rejection_reason: null,
    reviewed_by: null,
    created_at: spread(now, n, side),
    updated_at: spread(now, n, side),
  }));
  await fill(db, 'disputes', side, (n) => ({
    id: hexId(4, n),
    booking_id: hexId(2, n * 7),
    opened_by: owner(n * 7),
    reason: 'Bench',
    description: '',
    status: (['open', 'resolved', 'closed'] as const)[n % 3]!,
    winner_id: null,
    resolution_reason: null,
    settled_at: null,
    created_at: spread(now, n, side),
    updated_at: spread(now, n, side),
  }));
  await fill(db, 'credit_entries', users, (n) => ({
    id: hexId(5, n),
    user_id: user(1 + (n % (users - 1))),
    amount: n % 2 === 0 ? 1000 : -500,
    reason: 'Bench',
    booking_id: n % 4 === 1 ? hexId(2, n) : null,
    created_at: spread(now, n, users),
  }));
  await fill(db, 'payments', users, (n) => ({
    id: hexId(6, n),
    user_id: user(1 + (n % (users - 1))),
    kind: n % 2 === 0 ? 'subscription' : 'booking',
    reference_id: hexId(2, n),
    amount_cents: 2000,
    currency: 'usd',
    status: (['paid', 'paid', 'pending', 'refunded', 'partially_refunded'] as const)[n % 5]!,
    gateway: 'sandbox',
    gateway_ref: null,
    coupon_id: null,
    discount_cents: 0,
    refunded_cents: n % 5 === 4 ? 500 : 0,
    created_at: spread(now, n, users),
    paid_at: n % 5 === 2 ? null : spread(now, n, users),
    updated_at: spread(now, n, users),
  }));
  await fill(db, 'subscriptions', side, (n) => ({
    id: hexId(7, n),
    user_id: user(1 + n),
    package_id: hexId(8, 0),
    status: (['active', 'active', 'canceled', 'past_due'] as const)[n % 4]!,
    current_period_end: new Date(now + 30 * DAY).toISOString(),
    cancel_at_period_end: 0,
    gateway: 'sandbox',
    gateway_ref: null,
    created_at: spread(now, n, side),
    updated_at: spread(now, n, side),
  }));
}
