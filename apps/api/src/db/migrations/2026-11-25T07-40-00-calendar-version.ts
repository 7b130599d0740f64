import { SqliteAdapter, sql, type Kysely } from 'kysely';

/**
 * One counter that every write able to change who is busy moves (blocks, schedule windows,
 * calendar settings, occupying bookings, a provider's offer or liveness). The search keeps the
 * busy set of a (service, pet type, range) query in memory only while this counter is unchanged,
 * so every instance sees a calendar write on its next search.
 */
const WATCHED: { table: string; when?: { insert?: string; update: string; delete?: string } }[] = [
  { table: 'sitter_blocks' },
  { table: 'sitter_schedule_windows' },
  { table: 'sitter_calendars' },
  {
    table: 'bookings',
    when: {
      insert: "new.status in ('accepted', 'in-progress')",
      update: 'status, start_at, end_at, provider_id, service',
      delete: "old.status in ('accepted', 'in-progress')",
    },
  },
  {
    table: 'users',
    when: { update: 'user_type, deleted_at, primary_services, pet_prefrences' },
  },
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table calendar_version (
    id integer primary key check (id = 1),
    v bigint not null
  )`.execute(db);
  await sql`insert into calendar_version (id, v) values (1, 0)`.execute(db);
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  if (!sqlite)
    await sql`create function calendar_version_bump() returns trigger language plpgsql as $$
      begin
        update calendar_version set v = v + 1 where id = 1;
        return null;
      end $$`.execute(db);
  for (const { table, when } of WATCHED) {
    const events: [string, string, string | undefined][] = [
      ['insert', 'after insert', when ? when.insert : undefined],
      ['update', when ? `after update of ${when.update}` : 'after update', undefined],
      ['delete', 'after delete', when ? when.delete : undefined],
    ];
    for (const [name, event, condition] of events) {
      if (when && name !== 'update' && condition === undefined) continue;
      const trigger = `${table}_calendar_version_${name}`;
      const cond = condition ? `when (${condition})` : '';
      if (sqlite)
        await sql
          .raw(
            `create trigger ${trigger} ${event} on ${table} for each row ${cond}
             begin update calendar_version set v = v + 1 where id = 1; end`,
          )
          .execute(db);
      else
        await sql
          .raw(
            `create trigger ${trigger} ${event} on ${table} for each row ${cond}
             execute function calendar_version_bump()`,
          )
          .execute(db);
    }
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const { table } of WATCHED)
    for (const name of ['insert', 'update', 'delete'])
      await sql
        .raw(
          sqlite
            ? `drop trigger if exists ${table}_calendar_version_${name}`
            : `drop trigger if exists ${table}_calendar_version_${name} on ${table}`,
        )
        .execute(db);
  if (!sqlite) await sql`drop function if exists calendar_version_bump()`.execute(db);
  await sql`drop table if exists calendar_version`.execute(db);
}
