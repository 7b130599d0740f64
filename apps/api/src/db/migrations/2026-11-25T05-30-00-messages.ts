import type { Kysely } from 'kysely';

/**
 * Booking chat. (booking_id, created_at) pages a thread and finds a conversation's newest message;
 * (recipient_id, read_at, booking_id) counts a user's unread messages per conversation.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('messages')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('booking_id', 'varchar(24)', (c) => c.notNull().references('bookings.id'))
    .addColumn('sender_id', 'varchar(24)', (c) => c.notNull().references('users.id'))
    .addColumn('recipient_id', 'varchar(24)', (c) => c.notNull().references('users.id'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('read_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('messages_booking_created_idx')
    .on('messages')
    .columns(['booking_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('messages_recipient_unread_idx')
    .on('messages')
    .columns(['recipient_id', 'read_at', 'booking_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('messages').execute();
}
