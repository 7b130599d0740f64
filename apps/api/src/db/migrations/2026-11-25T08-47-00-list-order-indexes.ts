import { sql, type Kysely } from 'kysely';

/*
 * Every paged list orders by (time, id) so pages are stable under ties; the indexes behind those
 * lists ended at the time column, so both engines still sorted the matching rows by id (SQLite's
 * "USE TEMP B-TREE FOR LAST TERM OF ORDER BY", a Sort node on PostgreSQL) before taking a page —
 * work that grows with the list. Each index below is rebuilt with `id` as its last column, so the
 * page is read in order and reading stops at the limit (test/api/query-plans.test.ts checks it).
 */
const UPGRADES: { name: string; table: string; before: string[]; after: string[] }[] = [
  {
    name: 'bookings_owner_created_idx',
    table: 'bookings',
    before: ['owner_id', 'created_at'],
    after: ['owner_id', 'created_at', 'id'],
  },
  {
    name: 'bookings_provider_status_idx',
    table: 'bookings',
    before: ['provider_id', 'status', 'start_at'],
    after: ['provider_id', 'status', 'start_at', 'id'],
  },
  {
    name: 'bookings_status_created_idx',
    table: 'bookings',
    before: ['status', 'created_at'],
    after: ['status', 'created_at', 'id'],
  },
  {
    name: 'bookings_created_idx',
    table: 'bookings',
    before: ['created_at'],
    after: ['created_at', 'id'],
  },
  {
    name: 'booking_requests_provider_idx',
    table: 'booking_requests',
    before: ['provider_id', 'created_at'],
    after: ['provider_id', 'created_at', 'id'],
  },
  {
    name: 'booking_events_booking_idx',
    table: 'booking_events',
    before: ['booking_id', 'created_at'],
    after: ['booking_id', 'created_at', 'id'],
  },
  {
    name: 'credit_entries_user_idx',
    table: 'credit_entries',
    before: ['user_id', 'created_at'],
    after: ['user_id', 'created_at', 'id'],
  },
  {
    name: 'reviews_subject_idx',
    table: 'reviews',
    before: ['subject_id', 'created_at'],
    after: ['subject_id', 'created_at', 'id'],
  },
  {
    name: 'kyc_records_status_updated_idx',
    table: 'kyc_records',
    before: ['status', 'updated_at'],
    after: ['status', 'updated_at', 'id'],
  },
  {
    name: 'kyc_records_updated_idx',
    table: 'kyc_records',
    before: ['updated_at'],
    after: ['updated_at', 'id'],
  },
  {
    name: 'notifications_user_unread_idx',
    table: 'notifications',
    before: ['user_id', 'read_at', 'created_at'],
    after: ['user_id', 'read_at', 'created_at', 'id'],
  },
  {
    name: 'users_type_created_idx',
    table: 'users',
    before: ['user_type', 'created_at'],
    after: ['user_type', 'created_at', 'id'],
  },
  {
    name: 'users_created_idx',
    table: 'users',
    before: ['created_at'],
    after: ['created_at', 'id'],
  },
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const u of UPGRADES) {
    await db.schema.dropIndex(u.name).execute();
    await db.schema.createIndex(u.name).on(u.table).columns(u.after).execute();
  }
  // Unread notifications newest first: PostgreSQL does not take `read_at is null` as an equality
  // that keeps the (user_id, read_at, created_at, id) order, so it sorted; a partial index does not.
  await db.schema
    .createIndex('notifications_unread_user_created_idx')
    .on('notifications')
    .columns(['user_id', 'created_at', 'id'])
    .where(sql.ref('read_at'), 'is', null)
    .execute();
  // The admin's package list (inactive ones too) in price order.
  await db.schema
    .createIndex('packages_price_idx')
    .on('packages')
    .columns(['price_cents', 'id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('packages_price_idx').execute();
  await db.schema.dropIndex('notifications_unread_user_created_idx').execute();
  for (const u of UPGRADES) {
    await db.schema.dropIndex(u.name).execute();
    await db.schema.createIndex(u.name).on(u.table).columns(u.before).execute();
  }
}
