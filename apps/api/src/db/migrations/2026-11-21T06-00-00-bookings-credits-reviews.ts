import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bookings')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('owner_id', 'varchar(24)', (c) => c.notNull().references('users.id'))
    .addColumn('provider_id', 'varchar(24)', (c) => c.references('users.id'))
    .addColumn('service', 'varchar(60)', (c) => c.notNull())
    .addColumn('pets', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('start_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('end_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('units', 'integer')
    .addColumn('rate_cents', 'integer')
    .addColumn('price_cents', 'integer')
    .addColumn('currency', 'varchar(3)')
    .addColumn('credits_applied', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('credits_refunded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cancelled_by', 'varchar(24)')
    .addColumn('completed_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bookings_owner_created_idx')
    .on('bookings')
    .columns(['owner_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('bookings_provider_status_idx')
    .on('bookings')
    .columns(['provider_id', 'status', 'start_at'])
    .execute();
  await db.schema
    .createIndex('bookings_status_created_idx')
    .on('bookings')
    .columns(['status', 'created_at'])
    .execute();

  await db.schema
    .createTable('booking_requests')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('booking_id', 'varchar(24)', (c) => c.notNull().references('bookings.id'))
    .addColumn('provider_id', 'varchar(24)', (c) => c.notNull().references('users.id'))
    .addColumn('initiated_by', 'varchar(16)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('booking_requests_booking_provider_uq')
    .on('booking_requests')
    .columns(['booking_id', 'provider_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('booking_requests_provider_idx')
    .on('booking_requests')
    .columns(['provider_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('booking_events')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('booking_id', 'varchar(24)', (c) => c.notNull().references('bookings.id'))
    .addColumn('actor_id', 'varchar(24)', (c) => c.references('users.id'))
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('note', 'varchar(500)')
    .addColumn('image_path', 'varchar(200)')
    .addColumn('image_mime', 'varchar(40)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('booking_events_booking_idx')
    .on('booking_events')
    .columns(['booking_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('credit_entries')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    .addColumn('booking_id', 'varchar(24)', (c) => c.references('bookings.id'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('credit_entries_user_idx')
    .on('credit_entries')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('reviews')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('booking_id', 'varchar(24)', (c) => c.notNull().references('bookings.id'))
    .addColumn('author_id', 'varchar(24)', (c) => c.notNull().references('users.id'))
    .addColumn('subject_id', 'varchar(24)', (c) => c.notNull().references('users.id'))
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('reviews_booking_author_uq')
    .on('reviews')
    .columns(['booking_id', 'author_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('reviews_subject_idx')
    .on('reviews')
    .columns(['subject_id', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reviews').execute();
  await db.schema.dropTable('credit_entries').execute();
  await db.schema.dropTable('booking_events').execute();
  await db.schema.dropTable('booking_requests').execute();
  await db.schema.dropTable('bookings').execute();
}
