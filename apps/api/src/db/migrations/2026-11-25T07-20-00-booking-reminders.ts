import type { Kysely } from 'kysely';

/**
 * Reminders already sent (modules/bookings/booking-reminders.service.ts): one row per
 * (kind, booking, recipient). The primary key is what makes a reminder go out once even when
 * several instances run the reminder job at the same minute: only the insert that wins sends.
 * The extra index serves the "request still undecided after 24 h" scan.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('booking_reminders')
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('booking_id', 'varchar(24)', (c) => c.notNull().references('bookings.id'))
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id'))
    .addColumn('sent_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('booking_reminders_pk', ['kind', 'booking_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('booking_requests_state_created_idx')
    .on('booking_requests')
    .columns(['state', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('booking_requests_state_created_idx').execute();
  await db.schema.dropTable('booking_reminders').execute();
}
