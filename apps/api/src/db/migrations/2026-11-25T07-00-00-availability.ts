import { SqliteAdapter, sql, type Kysely } from 'kysely';

/**
 * Sitter calendars (DESIGN §5 "Availability"): a calendar row per sitter who set one, the weekly
 * schedule normalised into minute windows per weekday, blocked date ranges, and per-(service,
 * pet type) counts of live providers kept by triggers so a filtered search reads its total in
 * O(1). The services and species are the catalogue's at the time of this migration.
 */
const SERVICES = [
  'dog-walking',
  'pet-sitting',
  'boarding',
  'drop-in-visits',
  'house-sitting',
  'grooming',
  'training',
];
const SPECIES = ['dog', 'cat', 'bird', 'rabbit', 'reptile', 'fish', 'small mammal', 'other'];

/** Whether users row `r` counts for the provider_offer_counts row being updated. */
const matches = (r: 'new' | 'old' | 'users') =>
  sql.raw(`(${r}.user_type = 'provider' and ${r}.deleted_at is null
    and (provider_offer_counts.service = ''
      or lower(${r}.primary_services) like '%"' || provider_offer_counts.service || '"%')
    and (provider_offer_counts.pet_type = '' or ${r}.pet_prefrences = '[]'
      or lower(${r}.pet_prefrences) like '%' || provider_offer_counts.pet_type || '%'))`);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sitter_calendars')
    .addColumn('user_id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull().defaultTo('UTC'))
    .addColumn('schedule', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('capacities', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('has_schedule', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sitter_calendars_schedule_idx')
    .on('sitter_calendars')
    .columns(['has_schedule', 'time_zone', 'user_id'])
    .execute();

  await db.schema
    .createTable('sitter_schedule_windows')
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('weekday', 'integer', (c) => c.notNull())
    .addColumn('start_minute', 'integer', (c) => c.notNull())
    .addColumn('end_minute', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sitter_schedule_windows_user_idx')
    .on('sitter_schedule_windows')
    .columns(['user_id', 'weekday', 'start_minute'])
    .execute();

  await db.schema
    .createTable('sitter_blocks')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('end_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('start_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('end_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sitter_blocks_user_idx')
    .on('sitter_blocks')
    .columns(['user_id', 'start_at'])
    .execute();
  await db.schema
    .createIndex('sitter_blocks_start_idx')
    .on('sitter_blocks')
    .columns(['start_at', 'end_at', 'user_id'])
    .execute();

  // Occupancy lookups across all sitters for one time range (search by dates).
  await db.schema
    .createIndex('bookings_status_start_idx')
    .on('bookings')
    .columns(['status', 'start_at'])
    .execute();

  await db.schema
    .createTable('provider_offer_counts')
    .addColumn('service', 'varchar(40)', (c) => c.notNull())
    .addColumn('pet_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('provider_offer_counts_pk', ['service', 'pet_type'])
    .execute();
  for (const service of ['', ...SERVICES])
    for (const pet of ['', ...SPECIES])
      await sql`insert into provider_offer_counts (service, pet_type, n) values (${service}, ${pet}, 0)`.execute(
        db,
      );
  await sql`update provider_offer_counts set n = (select count(*) from users where ${matches('users')})`.execute(
    db,
  );

  const delta = (r: 'new' | 'old') => sql`(case when ${matches(r)} then 1 else 0 end)`;
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`create trigger users_offer_counts_insert after insert on users begin
      update provider_offer_counts set n = n + ${delta('new')};
    end`.execute(db);
    await sql`create trigger users_offer_counts_delete after delete on users begin
      update provider_offer_counts set n = n - ${delta('old')};
    end`.execute(db);
    await sql`create trigger users_offer_counts_update
      after update of user_type, deleted_at, primary_services, pet_prefrences on users begin
      update provider_offer_counts set n = n - ${delta('old')} + ${delta('new')};
    end`.execute(db);
    return;
  }
  await sql`create function provider_offer_counts_sync() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') and old.user_type = 'provider' then
        update provider_offer_counts set n = n - ${delta('old')};
      end if;
      if tg_op in ('UPDATE', 'INSERT') and new.user_type = 'provider' then
        update provider_offer_counts set n = n + ${delta('new')};
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger users_offer_counts
    after insert or update of user_type, deleted_at, primary_services, pet_prefrences or delete
    on users for each row execute function provider_offer_counts_sync()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const name of ['insert', 'delete', 'update'])
      await sql.raw(`drop trigger if exists users_offer_counts_${name}`).execute(db);
  } else {
    await sql`drop trigger if exists users_offer_counts on users`.execute(db);
    await sql`drop function if exists provider_offer_counts_sync()`.execute(db);
  }
  await sql`drop table if exists provider_offer_counts`.execute(db);
  await sql`drop index if exists bookings_status_start_idx`.execute(db);
  await sql`drop table if exists sitter_blocks`.execute(db);
  await sql`drop table if exists sitter_schedule_windows`.execute(db);
  await sql`drop table if exists sitter_calendars`.execute(db);
}
