import {
  MAX_BLOCK_AHEAD_DAYS,
  MAX_BLOCKS,
  type BlockBody,
  type CalendarUpdateBody,
  type CalendarWire,
} from '@pawsy/contract';
import type { DbOrTrx } from '../../db/index.ts';
import { AppError, conflict } from '../../lib/app-error.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { parseStringList } from '../../lib/user-columns.ts';
import {
  findCalendarRows,
  findLiveProvider,
  findOccupancy,
  lockSitter,
  type BlockRow,
  type CalendarRow,
  type OccupancyRow,
} from './availability.repository.ts';
import {
  DEFAULT_ZONE,
  parseCaps,
  parseSchedule,
  toBlockingBooking,
  toBlockWire,
} from './availability.mapper.ts';
import { nextFreeDatesFor } from './availability.service.ts';
import { dateRangeToInterval, normalizeSchedule } from './calendar.ts';
import { addDays, localParts } from './local-time.ts';
import {
  countBlocks,
  deleteBlockIfOwn,
  findBlocks,
  insertBlock,
  moveBlock,
  replaceWindows,
  upsertCalendar,
} from './own-calendar.repository.ts';

/**
 * A sitter's own calendar: reading it whole (settings, blocks, next free dates) and editing it
 * (time zone, schedule, capacities, blocked ranges), each edit under the sitter's lock so it never
 * interleaves with an acceptance. Who may call these is checked in sitter-calendar.service.ts.
 */

/** The next free dates of a sitter over the services they list, from their calendar row read. */
export async function freeDatesOf(
  db: DbOrTrx,
  userId: string,
  services: string | undefined,
  row: CalendarRow | undefined,
): Promise<string[]> {
  const free = await nextFreeDatesFor(
    db,
    [{ id: userId, services: parseStringList(services ?? null) }],
    new Date(),
    row ? [row] : [],
  );
  return free.get(userId) ?? [];
}

const blockedBy = (bookings: OccupancyRow[]) => {
  const n = bookings.length;
  return conflict(
    `${n} accepted booking${n === 1 ? '' : 's'} fall${n === 1 ? 's' : ''} on these dates; cancel or complete ${n === 1 ? 'it' : 'them'} first`,
    { bookings: bookings.map(toBlockingBooking) },
  );
};

export async function getCalendar(db: DbOrTrx, userId: string): Promise<CalendarWire> {
  const [[row], blocks, sitter] = await Promise.all([
    findCalendarRows(db, [userId]),
    findBlocks(db, userId),
    findLiveProvider(db, userId),
  ]);
  return {
    userId,
    timeZone: row?.time_zone ?? DEFAULT_ZONE,
    schedule: parseSchedule(row),
    capacities: parseCaps(row),
    blocks: blocks.map(toBlockWire),
    nextFreeDates: await freeDatesOf(db, userId, sitter?.primary_services, row),
  };
}

/**
 * Changes the time zone, schedule or capacities. A new time zone moves the blocks' instants with
 * it (their local dates stay); refused with 409 and the bookings when a moved block would then
 * cover an accepted or in-progress booking.
 */
export async function updateCalendar(
  db: DbOrTrx,
  userId: string,
  body: CalendarUpdateBody,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockSitter(trx, userId);
    const [row] = await findCalendarRows(trx, [userId]);
    const schedule = body.schedule ?? parseSchedule(row);
    const timeZone = body.timeZone ?? row?.time_zone ?? DEFAULT_ZONE;
    if (timeZone !== (row?.time_zone ?? DEFAULT_ZONE)) {
      const now = Date.now();
      const inTheWay = new Map<string, OccupancyRow>();
      for (const b of await findBlocks(trx, userId)) {
        const moved = dateRangeToInterval(b.start_date, b.end_date, timeZone);
        if (moved.end.getTime() > now)
          for (const o of await findOccupancy(trx, [userId], moved)) inTheWay.set(o.id, o);
        await moveBlock(trx, b.id, {
          start_at: moved.start.toISOString(),
          end_at: moved.end.toISOString(),
        });
      }
      if (inTheWay.size > 0) throw blockedBy([...inTheWay.values()]);
    }
    await upsertCalendar(trx, {
      user_id: userId,
      time_zone: timeZone,
      schedule: JSON.stringify(schedule),
      capacities: JSON.stringify(body.capacities ?? parseCaps(row)),
      has_schedule: schedule.length > 0 ? 1 : 0,
      updated_at: nowIso(),
    });
    if (body.schedule) await replaceWindows(trx, userId, normalizeSchedule(body.schedule));
  });
}

/**
 * Blocks local dates [startDate, endDate] (not wholly past, starting within MAX_BLOCK_AHEAD_DAYS).
 * Refused with 409 and the list of accepted or in-progress bookings in the way, which the sitter
 * settles first.
 */
export async function addBlock(db: DbOrTrx, userId: string, body: BlockBody): Promise<BlockRow> {
  return db.transaction().execute(async (trx) => {
    await lockSitter(trx, userId);
    if ((await countBlocks(trx, userId)) >= MAX_BLOCKS)
      throw new AppError('VALIDATION', `At most ${MAX_BLOCKS} blocked ranges; remove old ones`);
    const [row] = await findCalendarRows(trx, [userId]);
    const tz = row?.time_zone ?? DEFAULT_ZONE;
    const today = localParts(Date.now(), tz).date;
    if (body.endDate < today) throw invalid('endDate', 'Blocked dates must not be in the past');
    if (body.startDate > addDays(today, MAX_BLOCK_AHEAD_DAYS))
      throw invalid('startDate', `Blocked dates must start within ${MAX_BLOCK_AHEAD_DAYS} days`);
    const range = dateRangeToInterval(body.startDate, body.endDate, tz);
    const inTheWay = await findOccupancy(trx, [userId], range);
    if (inTheWay.length > 0) throw blockedBy(inTheWay);
    const block: BlockRow = {
      id: newId(),
      user_id: userId,
      start_date: body.startDate,
      end_date: body.endDate,
      start_at: range.start.toISOString(),
      end_at: range.end.toISOString(),
      note: body.note,
      created_at: nowIso(),
    };
    await insertBlock(trx, block);
    return block;
  });
}

const invalid = (path: string, message: string) =>
  new AppError('VALIDATION', `${path}: ${message}`, [{ path, message }]);

export async function removeBlock(
  db: DbOrTrx,
  userId: string,
  blockId: string,
): Promise<BlockRow | undefined> {
  return deleteBlockIfOwn(db, userId, blockId);
}
