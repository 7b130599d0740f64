import type { Kysely } from 'kysely';

// The admin dashboard's trends read "created since" ranges (users per week, bookings per day,
// credits granted in 30 days); these indexes make each a range scan instead of a table scan.
// The counts by role and status already use users_type_created_idx / bookings_status_created_idx.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('users_created_idx').on('users').column('created_at').execute();
  await db.schema.createIndex('bookings_created_idx').on('bookings').column('created_at').execute();
  await db.schema
    .createIndex('credit_entries_created_idx')
    .on('credit_entries')
    .columns(['created_at', 'amount', 'booking_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('credit_entries_created_idx').execute();
  await db.schema.dropIndex('bookings_created_idx').execute();
  await db.schema.dropIndex('users_created_idx').execute();
}
