import { SqliteAdapter, sql, type Kysely } from 'kysely';

/*
 * Two things a sitter's calendar read did more of than it needed, both growing with the sitter's
 * bookings:
 * - bookings_provider_status_idx (provider_id, status, start_at, id) served the occupancy read of
 *   a calendar (availability findOccupancy: every booking check, acceptance and card's next free
 *   dates) by start time, but its overlap test on end_at and the service it returns came from
 *   the table row of every booking in the window. The index now also holds end_at and service
 *   (after id, so the sitter's lists still read it in (start_at, id) order): the read touches
 *   index entries only.
 * - calendar_version moved on every update of a booking's status or times, including those of
 *   bookings that never occupied a calendar (a request declined, an unpaid one cancelled), so
 *   each such write threw away every search answer and card date kept in memory. It now moves
 *   only when the booking occupied a calendar before the update or does after it.
 */
const OCCUPYING = "('accepted', 'in-progress')";
const OCCUPANCY_CHANGED = `old.status in ${OCCUPYING} or new.status in ${OCCUPYING}`;
const WATCHED_COLUMNS = 'status, start_at, end_at, provider_id, service';

async function rebuildIndex(db: Kysely<unknown>, columns: string[]): Promise<void> {
  await db.schema.dropIndex('bookings_provider_status_idx').execute();
  await db.schema
    .createIndex('bookings_provider_status_idx')
    .on('bookings')
    .columns(columns)
    .execute();
}

async function updateTrigger(db: Kysely<unknown>, when: string | null): Promise<void> {
  const cond = when ? `when (${when})` : '';
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`drop trigger if exists bookings_calendar_version_update`.execute(db);
    await sql
      .raw(
        `create trigger bookings_calendar_version_update after update of ${WATCHED_COLUMNS}
         on bookings for each row ${cond}
         begin update calendar_version set v = v + 1 where id = 1; end`,
      )
      .execute(db);
    return;
  }
  await sql`drop trigger if exists bookings_calendar_version_update on bookings`.execute(db);
  await sql
    .raw(
      `create trigger bookings_calendar_version_update after update of ${WATCHED_COLUMNS}
       on bookings for each row ${cond} execute function calendar_version_bump()`,
    )
    .execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await rebuildIndex(db, ['provider_id', 'status', 'start_at', 'id', 'end_at', 'service']);
  await updateTrigger(db, OCCUPANCY_CHANGED);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await updateTrigger(db, null);
  await rebuildIndex(db, ['provider_id', 'status', 'start_at', 'id']);
}
