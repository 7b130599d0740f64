import { SqliteAdapter, sql, type Kysely } from 'kysely';

/*
 * The nearby search by dates reads the calendar tables by time range and joins each hit to its
 * provider (modules/availability findBusySitters), thousands of rows per search at 100k sitters,
 * so each of those reads is made to touch index entries where it can:
 * - bookings_status_service_start_idx (status, service, start_at, end_at, provider_id, id): the
 *   occupying bookings of the searched service(s) in start order, the overlap test on the index
 *   entries and nothing else read (bookings_status_start_idx would walk every service's
 *   bookings of the window and read each row). It never serves a per-sitter lookup
 *   (findOccupancy), which has no service to seek on and stays on bookings_provider_status_idx;
 * - sitter_schedule_windows_user_idx also holds end_minute (the "window covers the segment"
 *   test of the schedule check);
 * - users_offer_idx (user_type, deleted_at, id, primary_services, pet_prefrences) answers the
 *   join back to the provider with the offer filter without reading the users row;
 * - on PostgreSQL, statistics on lower(primary_services) and lower(pet_prefrences), the
 *   expressions of the offer filter: without them the planner guesses that a LIKE on them keeps
 *   one provider in thousands and starts from the users table instead of the range.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('bookings_status_service_start_idx')
    .on('bookings')
    .columns(['status', 'service', 'start_at', 'end_at', 'provider_id', 'id'])
    .execute();
  await db.schema.dropIndex('sitter_schedule_windows_user_idx').execute();
  await db.schema
    .createIndex('sitter_schedule_windows_user_idx')
    .on('sitter_schedule_windows')
    .columns(['user_id', 'weekday', 'start_minute', 'end_minute'])
    .execute();
  await db.schema
    .createIndex('users_offer_idx')
    .on('users')
    .columns(['user_type', 'deleted_at', 'id', 'primary_services', 'pet_prefrences'])
    .execute();
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`create statistics users_services_expr_stats on (lower(primary_services)) from users`.execute(
    db,
  );
  await sql`create statistics users_pets_expr_stats on (lower(pet_prefrences)) from users`.execute(
    db,
  );
  await sql`analyze users`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await sql`drop statistics if exists users_pets_expr_stats`.execute(db);
    await sql`drop statistics if exists users_services_expr_stats`.execute(db);
  }
  await db.schema.dropIndex('users_offer_idx').execute();
  await db.schema.dropIndex('sitter_schedule_windows_user_idx').execute();
  await db.schema
    .createIndex('sitter_schedule_windows_user_idx')
    .on('sitter_schedule_windows')
    .columns(['user_id', 'weekday', 'start_minute'])
    .execute();
  await db.schema.dropIndex('bookings_status_service_start_idx').execute();
}
