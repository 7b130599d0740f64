import { SqliteAdapter, sql, type Kysely } from 'kysely';

/*
 * The admin dashboard's booking figures (by status and per day, for the bookings created in the
 * last 30 UTC days) counted a month of bookings on each request, a cost that grew with the
 * activity. booking_day_counts keeps, per UTC day of creation and current status, the number of
 * bookings (16 shards on PostgreSQL, a random one per write, so concurrent booking writes rarely
 * wait on one row; SQLite has one writer and uses shard 0); the dashboard sums at most
 * 30 × 5 × 16 rows. Kept by triggers on bookings, so every writer keeps it right.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('booking_day_counts')
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('booking_day_counts_pk', ['day', 'status', 'shard'])
    .execute();
  await sql`insert into booking_day_counts (day, status, shard, n)
    select substr(created_at, 1, 10), status, 0, count(*) from bookings
    group by substr(created_at, 1, 10), status`.execute(db);

  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    const bump = (row: 'new' | 'old', delta: number) =>
      `insert into booking_day_counts (day, status, shard, n)
       values (substr(${row}.created_at, 1, 10), ${row}.status, 0, ${delta})
       on conflict (day, status, shard) do update set n = n + ${delta};`;
    await sql
      .raw(
        `create trigger bookings_day_counts_insert after insert on bookings begin
          ${bump('new', 1)}
        end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger bookings_day_counts_delete after delete on bookings begin
          ${bump('old', -1)}
        end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger bookings_day_counts_update after update of status, created_at on bookings
        when old.status <> new.status or old.created_at <> new.created_at begin
          ${bump('old', -1)}
          ${bump('new', 1)}
        end`,
      )
      .execute(db);
    return;
  }
  await sql`create function booking_day_counts_sync() returns trigger language plpgsql as $$
    declare s integer := floor(random() * 16)::integer;
    begin
      if tg_op = 'UPDATE' and old.status = new.status and old.created_at = new.created_at then
        return null;
      end if;
      if tg_op in ('UPDATE', 'DELETE') then
        insert into booking_day_counts (day, status, shard, n)
          values (substr(old.created_at, 1, 10), old.status, s, -1)
          on conflict (day, status, shard) do update set n = booking_day_counts.n - 1;
      end if;
      if tg_op in ('UPDATE', 'INSERT') then
        insert into booking_day_counts (day, status, shard, n)
          values (substr(new.created_at, 1, 10), new.status, s, 1)
          on conflict (day, status, shard) do update set n = booking_day_counts.n + 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger bookings_day_counts
    after insert or update of status, created_at or delete on bookings
    for each row execute function booking_day_counts_sync()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const name of ['insert', 'delete', 'update'])
      await sql.raw(`drop trigger if exists bookings_day_counts_${name}`).execute(db);
  } else {
    await sql`drop trigger if exists bookings_day_counts on bookings`.execute(db);
    await sql`drop function if exists booking_day_counts_sync()`.execute(db);
  }
  await db.schema.dropTable('booking_day_counts').execute();
}
