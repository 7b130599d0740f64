import { SqliteAdapter, sql, type Kysely } from 'kysely';

/**
 * The number of live providers (user_type 'provider', not deleted), kept by triggers on users so
 * that every writer (signup, seeders, admin tools) keeps it right and the unfiltered nearby list
 * reads its total in O(1) instead of counting every provider on every request.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table provider_stats (
    id integer primary key check (id = 1),
    live_providers integer not null
  )`.execute(db);
  await sql`insert into provider_stats (id, live_providers)
    select 1, count(*) from users where user_type = 'provider' and deleted_at is null`.execute(db);
  const live = (row: 'new' | 'old') =>
    sql.raw(
      `(case when ${row}.user_type = 'provider' and ${row}.deleted_at is null then 1 else 0 end)`,
    );

  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`create trigger users_provider_stats_insert after insert on users begin
      update provider_stats set live_providers = live_providers + ${live('new')} where id = 1;
    end`.execute(db);
    await sql`create trigger users_provider_stats_delete after delete on users begin
      update provider_stats set live_providers = live_providers - ${live('old')} where id = 1;
    end`.execute(db);
    await sql`create trigger users_provider_stats_update after update of user_type, deleted_at on users
    begin
      update provider_stats set live_providers = live_providers - ${live('old')} + ${live('new')}
      where id = 1;
    end`.execute(db);
    return;
  }
  await sql`create function provider_stats_sync() returns trigger language plpgsql as $$
    declare delta integer := 0;
    begin
      if tg_op in ('UPDATE', 'DELETE') and old.user_type = 'provider' and old.deleted_at is null then
        delta := delta - 1;
      end if;
      if tg_op in ('UPDATE', 'INSERT') and new.user_type = 'provider' and new.deleted_at is null then
        delta := delta + 1;
      end if;
      if delta <> 0 then
        update provider_stats set live_providers = live_providers + delta where id = 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger users_provider_stats
    after insert or update of user_type, deleted_at or delete on users
    for each row execute function provider_stats_sync()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const name of ['insert', 'delete', 'update'])
      await sql.raw(`drop trigger if exists users_provider_stats_${name}`).execute(db);
  } else {
    await sql`drop trigger if exists users_provider_stats on users`.execute(db);
    await sql`drop function if exists provider_stats_sync()`.execute(db);
  }
  await sql`drop table if exists provider_stats`.execute(db);
}
