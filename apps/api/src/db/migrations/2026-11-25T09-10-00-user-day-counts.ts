import { SqliteAdapter, sql, type Kysely } from 'kysely';

/*
 * The admin dashboard's weekly sign-ups counted twelve weeks of users on each request, a cost that
 * grew with the number of members. user_day_counts keeps the number of users per UTC day of
 * creation (deleted ones too, as the count did), by triggers on users, so the trend reads at most
 * 84 rows whatever the number of users (as booking_day_counts does for bookings).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_day_counts')
    .addColumn('day', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('n', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into user_day_counts (day, n)
    select substr(created_at, 1, 10), count(*) from users group by substr(created_at, 1, 10)`.execute(
    db,
  );
  const bump = (row: 'new' | 'old', sign: '+' | '-') =>
    `insert into user_day_counts (day, n) values (substr(${row}.created_at, 1, 10), ${sign}1)
     on conflict (day) do update set n = user_day_counts.n ${sign} 1;`;

  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql
      .raw(
        `create trigger users_day_counts_insert after insert on users begin ${bump('new', '+')} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger users_day_counts_delete after delete on users begin ${bump('old', '-')} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger users_day_counts_update after update of created_at on users
        when old.created_at <> new.created_at begin ${bump('old', '-')} ${bump('new', '+')} end`,
      )
      .execute(db);
    return;
  }
  await sql
    .raw(
      `create function user_day_counts_sync() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and old.created_at = new.created_at then return null; end if;
        if tg_op in ('UPDATE', 'DELETE') then ${bump('old', '-')} end if;
        if tg_op in ('UPDATE', 'INSERT') then ${bump('new', '+')} end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql`create trigger users_day_counts
    after insert or update of created_at or delete on users
    for each row execute function user_day_counts_sync()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const name of ['insert', 'delete', 'update'])
      await sql.raw(`drop trigger if exists users_day_counts_${name}`).execute(db);
  } else {
    await sql`drop trigger if exists users_day_counts on users`.execute(db);
    await sql`drop function if exists user_day_counts_sync()`.execute(db);
  }
  await db.schema.dropTable('user_day_counts').execute();
}
