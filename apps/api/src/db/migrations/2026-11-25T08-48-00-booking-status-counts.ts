import { SqliteAdapter, sql, type Kysely } from 'kysely';

/*
 * The admin's booking list (GET /api/booking/) shows the total of all bookings, or of one status;
 * counting them read every booking's index entry on each page, a cost that grew with the table.
 * booking_status_counts keeps the number of bookings per status, split over 16 shards so that
 * concurrent writers on PostgreSQL rarely wait on the same row (SQLite has one writer and uses
 * shard 0); the total is the sum of at most 80 rows. Kept by triggers on bookings, so every
 * writer (services, seeders, admin tools) keeps it right.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('booking_status_counts')
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('booking_status_counts_pk', ['status', 'shard'])
    .execute();
  await sql`insert into booking_status_counts (status, shard, n)
    select status, 0, count(*) from bookings group by status`.execute(db);

  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    const bump = (status: string, delta: number) =>
      `insert into booking_status_counts (status, shard, n) values (${status}, 0, ${delta})
       on conflict (status, shard) do update set n = n + ${delta};`;
    await sql
      .raw(
        `create trigger bookings_status_counts_insert after insert on bookings begin
          ${bump('new.status', 1)}
        end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger bookings_status_counts_delete after delete on bookings begin
          ${bump('old.status', -1)}
        end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger bookings_status_counts_update after update of status on bookings
        when old.status <> new.status begin
          ${bump('old.status', -1)}
          ${bump('new.status', 1)}
        end`,
      )
      .execute(db);
    return;
  }
  await sql`create function booking_status_counts_sync() returns trigger language plpgsql as $$
    declare s integer := floor(random() * 16)::integer;
    begin
      if tg_op = 'UPDATE' and old.status = new.status then
        return null;
      end if;
      if tg_op in ('UPDATE', 'DELETE') then
        insert into booking_status_counts (status, shard, n) values (old.status, s, -1)
          on conflict (status, shard) do update set n = booking_status_counts.n - 1;
      end if;
      if tg_op in ('UPDATE', 'INSERT') then
        insert into booking_status_counts (status, shard, n) values (new.status, s, 1)
          on conflict (status, shard) do update set n = booking_status_counts.n + 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger bookings_status_counts
    after insert or update of status or delete on bookings
    for each row execute function booking_status_counts_sync()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const name of ['insert', 'delete', 'update'])
      await sql.raw(`drop trigger if exists bookings_status_counts_${name}`).execute(db);
  } else {
    await sql`drop trigger if exists bookings_status_counts on bookings`.execute(db);
    await sql`drop function if exists booking_status_counts_sync()`.execute(db);
  }
  await db.schema.dropTable('booking_status_counts').execute();
}
