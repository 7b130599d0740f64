import type { DbOrTrx } from '../../db/index.ts';
import type { BlockRow, CalendarRow } from './availability.repository.ts';
import type { DayWindow } from './calendar.ts';

/** A sitter's own calendar: its blocked ranges, and the writes of its settings, schedule and blocks. */

export async function upsertCalendar(db: DbOrTrx, row: CalendarRow): Promise<void> {
  await db
    .insertInto('sitter_calendars')
    .values(row)
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        time_zone: row.time_zone,
        schedule: row.schedule,
        capacities: row.capacities,
        has_schedule: row.has_schedule,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export async function replaceWindows(
  db: DbOrTrx,
  userId: string,
  windows: DayWindow[],
): Promise<void> {
  await db.deleteFrom('sitter_schedule_windows').where('user_id', '=', userId).execute();
  if (windows.length === 0) return;
  await db
    .insertInto('sitter_schedule_windows')
    .values(
      windows.map((w) => ({
        user_id: userId,
        weekday: w.weekday,
        start_minute: w.start,
        end_minute: w.end,
      })),
    )
    .execute();
}

/** Every block of a sitter, soonest first. */
export async function findBlocks(db: DbOrTrx, userId: string): Promise<BlockRow[]> {
  return db
    .selectFrom('sitter_blocks')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('start_at')
    .orderBy('id')
    .execute();
}

export async function countBlocks(db: DbOrTrx, userId: string): Promise<number> {
  const row = await db
    .selectFrom('sitter_blocks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Sets a block's instants (its local dates read in a new time zone). */
export async function moveBlock(
  db: DbOrTrx,
  blockId: string,
  range: { start_at: string; end_at: string },
): Promise<void> {
  await db.updateTable('sitter_blocks').set(range).where('id', '=', blockId).execute();
}

export async function insertBlock(db: DbOrTrx, row: BlockRow): Promise<void> {
  await db.insertInto('sitter_blocks').values(row).execute();
}

/** Deletes the block if it is the user's; gives the removed row, or undefined. */
export async function deleteBlockIfOwn(
  db: DbOrTrx,
  userId: string,
  blockId: string,
): Promise<BlockRow | undefined> {
  return db
    .deleteFrom('sitter_blocks')
    .where('id', '=', blockId)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}
