import type { Kysely } from 'kysely';

/**
 * Recurring bookings (modules/bookings, booking-series.*): one row per weekly series an owner
 * asked a sitter for, with its occurrence plan (JSON, computed in the sitter's time zone) and
 * what was paid for it. Accepting a series creates one booking per free occurrence; those point
 * back with `bookings.series_id`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('booking_series')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('owner_id', 'varchar(24)', (c) => c.notNull().references('users.id'))
    .addColumn('provider_id', 'varchar(24)', (c) => c.notNull().references('users.id'))
    .addColumn('service', 'varchar(60)', (c) => c.notNull())
    .addColumn('pets', 'text', (c) => c.notNull())
    .addColumn('weekdays', 'text', (c) => c.notNull())
    .addColumn('time', 'varchar(5)', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer', (c) => c.notNull())
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
    .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('end_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('first_start_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('occurrences', 'text', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('units', 'integer', (c) => c.notNull())
    .addColumn('rate_cents', 'integer', (c) => c.notNull())
    .addColumn('occurrence_cents', 'integer', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(8)', (c) => c.notNull())
    .addColumn('credits_applied', 'integer', (c) => c.notNull())
    .addColumn('credits_refunded', 'integer', (c) => c.notNull())
    .addColumn('charge_state', 'varchar(16)', (c) => c.notNull())
    .addColumn('card_cents', 'integer', (c) => c.notNull())
    .addColumn('card_refunded_cents', 'integer', (c) => c.notNull())
    .addColumn('payment_id', 'varchar(64)')
    .addColumn('checkout_url', 'text')
    .addColumn('decided_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('booking_series_owner_idx')
    .on('booking_series')
    .columns(['owner_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('booking_series_provider_idx')
    .on('booking_series')
    .columns(['provider_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('booking_series_status_start_idx')
    .on('booking_series')
    .columns(['status', 'first_start_at'])
    .execute();
  await db.schema
    .createIndex('booking_series_payment_idx')
    .on('booking_series')
    .column('payment_id')
    .execute();

  await db.schema.alterTable('bookings').addColumn('series_id', 'varchar(24)').execute();
  await db.schema
    .createIndex('bookings_series_idx')
    .on('bookings')
    .columns(['series_id', 'start_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('bookings_series_idx').execute();
  await db.schema.alterTable('bookings').dropColumn('series_id').execute();
  await db.schema.dropTable('booking_series').execute();
}
