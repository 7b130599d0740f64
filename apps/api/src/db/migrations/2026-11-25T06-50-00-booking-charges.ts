import type { Kysely } from 'kysely';

/**
 * The card part of a booking (modules/bookings): what credits did not cover, paid through the
 * billing gateway. A booking without a row needed no card payment (demo data, bookings covered
 * by credits, open bookings). While `state` is 'awaiting' no sitter sees the booking.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('booking_charges')
    .addColumn('booking_id', 'varchar(24)', (c) => c.primaryKey().references('bookings.id'))
    .addColumn('payment_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('card_cents', 'integer', (c) => c.notNull())
    .addColumn('card_refunded_cents', 'integer', (c) => c.notNull())
    .addColumn('checkout_url', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('booking_charges_payment_idx')
    .on('booking_charges')
    .column('payment_id')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('booking_charges').execute();
}
