import { SqliteAdapter, sql, type Kysely } from 'kysely';

/*
 * users.version moves on every change to a user's row, whoever writes it (the API, an admin
 * flag, the rating refresh, the seeds, another instance, a hand-written UPDATE): a trigger bumps
 * it. The own-profile read keeps its serialised answer per user and serves it again while the
 * version it was built from is still the row's, so a repeated read costs one column of one row
 * instead of the whole row, its mapping and its serialisation (modules/users/profile-cache.ts).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    // SQLite cannot change NEW in a trigger: an AFTER trigger writes the row once more. The WHEN
    // leaves out that write itself (and any writer that set a new version on its own).
    await sql`create trigger users_version_bump after update on users
      for each row when new.version = old.version
      begin update users set version = old.version + 1 where id = new.id; end`.execute(db);
    return;
  }
  await sql`create function users_version_bump() returns trigger language plpgsql as $$
    begin
      new.version := old.version + 1;
      return new;
    end $$`.execute(db);
  await sql`create trigger users_version_bump before update on users
    for each row execute function users_version_bump()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`drop trigger if exists users_version_bump`.execute(db);
  } else {
    await sql`drop trigger if exists users_version_bump on users`.execute(db);
    await sql`drop function if exists users_version_bump()`.execute(db);
  }
  await db.schema.alterTable('users').dropColumn('version').execute();
}
