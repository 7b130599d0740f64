import { SqliteAdapter, sql, type Kysely } from 'kysely';

/**
 * One counter that every write able to change a sitter search answer moves, other than the
 * calendar writes calendar_version already counts: a user joining or leaving, any column a card,
 * a filter, a count or the ranking reads, and the location index. A search answer is kept in
 * memory only while this counter (and calendar_version) is unchanged, so every instance sees such
 * a write on its next search.
 */
const USER_COLUMNS = [
  'first_name',
  'last_name',
  'image_path',
  'city',
  'state',
  'country',
  'user_type',
  'primary_services',
  'service_rates',
  'pet_prefrences',
  'currency',
  'headline',
  'bio',
  'created_at',
  'kyc_verified',
  'is_verified',
  'latitude',
  'longitude',
  'deleted_at',
  'rating_avg',
  'rating_count',
];
const WATCHED = [
  { table: 'users', update: `after update of ${USER_COLUMNS.join(', ')}` },
  { table: 'provider_locations', update: 'after update' },
];
const EVENTS = ['insert', 'update', 'delete'] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table directory_version (
    id integer primary key check (id = 1),
    v bigint not null
  )`.execute(db);
  await sql`insert into directory_version (id, v) values (1, 0)`.execute(db);
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  if (!sqlite)
    await sql`create function directory_version_bump() returns trigger language plpgsql as $$
      begin
        update directory_version set v = v + 1 where id = 1;
        return null;
      end $$`.execute(db);
  for (const { table, update } of WATCHED) {
    for (const name of EVENTS) {
      const event = name === 'update' ? update : `after ${name}`;
      const head = `create trigger ${table}_directory_version_${name} ${event} on ${table}`;
      // Per statement on PostgreSQL: a bulk write moves the counter once.
      await sql
        .raw(
          sqlite
            ? `${head} for each row begin update directory_version set v = v + 1 where id = 1; end`
            : `${head} for each statement execute function directory_version_bump()`,
        )
        .execute(db);
    }
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const { table } of WATCHED)
    for (const name of EVENTS)
      await sql
        .raw(
          `drop trigger if exists ${table}_directory_version_${name}${sqlite ? '' : ` on ${table}`}`,
        )
        .execute(db);
  if (!sqlite) await sql`drop function if exists directory_version_bump()`.execute(db);
  await sql`drop table if exists directory_version`.execute(db);
}
