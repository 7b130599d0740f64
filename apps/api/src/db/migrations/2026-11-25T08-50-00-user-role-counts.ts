import { SqliteAdapter, sql, type Kysely } from 'kysely';

/*
 * The admin dashboard's users by role counted every live user on each request. user_role_counts
 * keeps the number of live (not deleted) users per role, by triggers on users, so the figure is
 * three rows whatever the number of users (as provider_stats does for the nearby total).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_role_counts')
    .addColumn('user_type', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('n', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into user_role_counts (user_type, n)
    select user_type, count(*) from users where deleted_at is null group by user_type`.execute(db);
  const live = (row: 'new' | 'old') => `(case when ${row}.deleted_at is null then 1 else 0 end)`;
  const bump = (row: 'new' | 'old', sign: '+' | '-') =>
    `insert into user_role_counts (user_type, n) values (${row}.user_type, ${sign}${live(row)})
     on conflict (user_type) do update set n = user_role_counts.n ${sign} ${live(row)};`;

  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql
      .raw(
        `create trigger users_role_counts_insert after insert on users begin ${bump('new', '+')} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger users_role_counts_delete after delete on users begin ${bump('old', '-')} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger users_role_counts_update after update of user_type, deleted_at on users
        begin ${bump('old', '-')} ${bump('new', '+')} end`,
      )
      .execute(db);
    return;
  }
  await sql
    .raw(
      `create function user_role_counts_sync() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then ${bump('old', '-')} end if;
        if tg_op in ('UPDATE', 'INSERT') then ${bump('new', '+')} end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql`create trigger users_role_counts
    after insert or update of user_type, deleted_at or delete on users
    for each row execute function user_role_counts_sync()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const name of ['insert', 'delete', 'update'])
      await sql.raw(`drop trigger if exists users_role_counts_${name}`).execute(db);
  } else {
    await sql`drop trigger if exists users_role_counts on users`.execute(db);
    await sql`drop function if exists user_role_counts_sync()`.execute(db);
  }
  await db.schema.dropTable('user_role_counts').execute();
}
