import type { RawBuilder } from 'kysely';
import {
  MAX_BLOCK_AHEAD_DAYS,
  MAX_BLOCKS,
  NEXT_FREE_DATES,
  NEXT_FREE_HORIZON_DAYS,
  serviceUnit,
  type BlockBody,
  type CalendarUpdateBody,
  type CalendarWire,
} from '@pawsy/contract';
import type { DbOrTrx } from '../../db/index.ts';
import { AppError, conflict } from '../../lib/app-error.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { parseStringList } from '../../lib/user-columns.ts';
import {
  countBlocks,
  deleteBlockIfOwn,
  findBlocks,
  findLiveProvider,
  insertBlock,
  moveBlock,
  replaceWindows,
  upsertCalendar,
  type BlockRow,
  type OccupancyRow,
  findBlockedSitterIds,
  findBlocksEndingAfter,
  findCalendarRows,
  findOccupancy,
  findOccupancyInRange,
  findScheduledTimeZones,
  findScheduleMissIds,
  findWindows,
  lockSitter,
} from './availability.repository.ts';
import {
  DEFAULT_ZONE,
  parseCaps,
  parseSchedule,
  toBlock,
  toBlockingBooking,
  toBlockWire,
  toOccupancy,
  windowsOf,
} from './availability.mapper.ts';
import {
  addDays,
  dateRangeToInterval,
  findConflict,
  localParts,
  localSegments,
  nextFreeDates,
  normalizeSchedule,
  overlaps,
  type CalendarData,
  type Conflict,
  type Interval,
} from './calendar.ts';

const DAY_MS = 86_400_000;

/**
 * Everything `findConflict` needs about the given sitters for `range`: calendar settings, blocks
 * overlapping it and occupying bookings overlapping it.
 */
export async function loadCalendars(
  db: DbOrTrx,
  userIds: string[],
  range: Interval,
): Promise<Map<string, CalendarData>> {
  const [calendars, windows, blocks, occupancy] = await Promise.all([
    findCalendarRows(db, userIds),
    findWindows(db, userIds),
    findBlocksEndingAfter(db, userIds, range.start),
    findOccupancy(db, userIds, range),
  ]);
  const byUser = new Map(calendars.map((c) => [c.user_id, c]));
  const out = new Map<string, CalendarData>();
  for (const id of userIds) {
    const row = byUser.get(id);
    out.set(id, {
      timeZone: row?.time_zone ?? DEFAULT_ZONE,
      windows: windowsOf(windows.filter((w) => w.user_id === id)),
      capacities: parseCaps(row),
      blocks: blocks
        .filter((b) => b.user_id === id)
        .map(toBlock)
        .filter((b) => overlaps(b, range)),
      bookings: occupancy.filter((o) => o.provider_id === id).map(toOccupancy),
    });
  }
  return out;
}

/** Why the sitter is not free for `service` over `range`, or null. */
export async function sitterConflict(
  db: DbOrTrx,
  providerId: string,
  service: string | undefined,
  range: Interval,
  ignoreBookingId?: string,
): Promise<Conflict | null> {
  const cal = (await loadCalendars(db, [providerId], range)).get(providerId)!;
  return findConflict(cal, service, range, ignoreBookingId);
}

/**
 * Throws 409 naming the conflict when the sitter is not free. Inside a write transaction pass
 * `lock: true` first thing, so the check and the write that follows hold the sitter's calendar.
 */
export async function assertSitterFree(
  db: DbOrTrx,
  providerId: string,
  service: string,
  range: Interval,
  opts: { ignoreBookingId?: string; lock?: boolean; who?: string } = {},
): Promise<void> {
  if (opts.lock) await lockSitter(db, providerId);
  const found = await sitterConflict(db, providerId, service, range, opts.ignoreBookingId);
  if (!found) return;
  const message = opts.who ? found.message.replace('The sitter', opts.who) : found.message;
  throw conflict(message, { conflict: found.kind });
}

/**
 * Sitters matching `usersFilter` who are not free for `service` over `range`, found from the
 * indexes of blocks, occupying bookings and schedule windows (never by reading every sitter).
 */
export async function findBusySitters(
  db: DbOrTrx,
  service: string | undefined,
  range: Interval,
  usersFilter: RawBuilder<boolean>,
): Promise<Set<string>> {
  const busy = new Set(await findBlockedSitterIds(db, range, usersFilter));
  if (!service) return busy;
  const overnight = serviceUnit(service) === 'night';
  if (!overnight && range.end.getTime() - range.start.getTime() > DAY_MS) return busy;

  if (!overnight) {
    for (const tz of await findScheduledTimeZones(db)) {
      const segments = localSegments(range.start, range.end, tz);
      for (const id of await findScheduleMissIds(db, tz, segments, usersFilter)) busy.add(id);
    }
  }
  const occupancy = await findOccupancyInRange(
    db,
    range,
    overnight ? [service] : 'hourly',
    usersFilter,
  );
  // Hourly: any overlap is a conflict. Overnight: decided against each sitter's capacity.
  if (!overnight) {
    for (const o of occupancy) busy.add(o.provider_id);
    return busy;
  }
  const bySitter = new Map<string, typeof occupancy>();
  for (const o of occupancy) {
    if (busy.has(o.provider_id)) continue;
    const list = bySitter.get(o.provider_id);
    if (list) list.push(o);
    else bySitter.set(o.provider_id, [o]);
  }
  for (const [id, rows] of bySitter) {
    const cal: CalendarData = {
      timeZone: DEFAULT_ZONE,
      windows: [],
      capacities: rows[0]!.capacities
        ? (JSON.parse(rows[0]!.capacities) as Record<string, number>)
        : {},
      blocks: [],
      bookings: rows.map(toOccupancy),
    };
    if (findConflict(cal, service, range)) busy.add(id);
  }
  return busy;
}

/** The next free dates of each sitter (for cards and the sitter page). */
export async function nextFreeDatesFor(
  db: DbOrTrx,
  sitters: { id: string; services: string[] }[],
  now = new Date(),
): Promise<Map<string, string[]>> {
  const horizon = {
    start: new Date(now.getTime() - DAY_MS),
    end: new Date(now.getTime() + (NEXT_FREE_HORIZON_DAYS + 1) * DAY_MS),
  };
  const calendars = await loadCalendars(
    db,
    sitters.map((s) => s.id),
    horizon,
  );
  const out = new Map<string, string[]>();
  for (const s of sitters)
    out.set(
      s.id,
      nextFreeDates(calendars.get(s.id)!, s.services, now, NEXT_FREE_DATES, NEXT_FREE_HORIZON_DAYS),
    );
  return out;
}

// ---------------------------------------------------------------------------------------------
// A sitter's own calendar

/** The next free dates of a sitter over the services they list. */
export async function freeDatesOf(db: DbOrTrx, userId: string, services: string | undefined) {
  const free = await nextFreeDatesFor(db, [
    { id: userId, services: parseStringList(services ?? null) },
  ]);
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
    nextFreeDates: await freeDatesOf(db, userId, sitter?.primary_services),
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

export async function removeBlock(db: DbOrTrx, userId: string, blockId: string): Promise<boolean> {
  return deleteBlockIfOwn(db, userId, blockId);
}
