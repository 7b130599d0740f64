import type { RawBuilder } from 'kysely';
import { NEXT_FREE_DATES, NEXT_FREE_HORIZON_DAYS, serviceUnit } from '@pawsy/contract';
import type { DbOrTrx } from '../../db/index.ts';
import { conflict } from '../../lib/app-error.ts';
import {
  type CalendarRow,
  findBlockedSitterIds,
  findBlocksEndingAfter,
  findCalendarRows,
  findOccupancy,
  findOccupancyInRange,
  findScheduledTimeZones,
  findScheduleMissIds,
  findNoHoursOnIds,
  findWindows,
  lockSitter,
} from './availability.repository.ts';
import { DEFAULT_ZONE, parseCaps, toBlock, toOccupancy, windowsOf } from './availability.mapper.ts';
import {
  findConflict,
  nextFreeDates,
  overlaps,
  type CalendarData,
  type Conflict,
  type ConflictSubject,
  type Interval,
} from './calendar.ts';
import { localSegments } from './local-time.ts';

const DAY_MS = 86_400_000;

/**
 * Everything `findConflict` needs about the given sitters for `range`: calendar settings, blocks
 * overlapping it and occupying bookings overlapping it. `calendarRows`: the sitters' calendar rows
 * when the caller has read them already (none for a sitter = no row).
 */
export async function loadCalendars(
  db: DbOrTrx,
  userIds: string[],
  range: Interval,
  calendarRows?: readonly CalendarRow[],
): Promise<Map<string, CalendarData>> {
  const [calendars, windows, blocks, occupancy] = await Promise.all([
    calendarRows ?? findCalendarRows(db, userIds),
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

/** The sitter's calendar time zone (UTC until they save one): the clock their bookings run on. */
export async function sitterTimeZone(db: DbOrTrx, userId: string): Promise<string> {
  const [row] = await findCalendarRows(db, [userId]);
  return row?.time_zone ?? DEFAULT_ZONE;
}

/** Why the sitter is not free for `service` over `range`, or null. */
export async function sitterConflict(
  db: DbOrTrx,
  providerId: string,
  service: string | undefined,
  range: Interval,
  ignoreBookingId?: string,
  who?: ConflictSubject,
): Promise<Conflict | null> {
  const cal = (await loadCalendars(db, [providerId], range)).get(providerId)!;
  return findConflict(cal, service, range, ignoreBookingId, who);
}

/**
 * Throws 409 naming the conflict when the sitter is not free; else answers the sitter's calendar
 * time zone (as sitterTimeZone), read with the calendar, so pricing needs no second read. Inside
 * a write transaction pass `lock: true` first thing, so the check and the write that follows hold
 * the sitter's calendar. `who` words the message: `{ you: true }` when the caller is that sitter,
 * else her name.
 */
export async function assertSitterFree(
  db: DbOrTrx,
  providerId: string,
  service: string,
  range: Interval,
  opts: { ignoreBookingId?: string; lock?: boolean; who?: ConflictSubject } = {},
): Promise<string> {
  if (opts.lock) await lockSitter(db, providerId);
  const cal = (await loadCalendars(db, [providerId], range)).get(providerId)!;
  const found = findConflict(cal, service, range, opts.ignoreBookingId, opts.who);
  if (found) throw conflict(found.message, { conflict: found.kind });
  return cal.timeZone;
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
  if (!overnight && isWholeDays(range)) {
    // Whole days (a search by dates) for a walk or visit: free on each day the sitter is not away
    // and has hours that weekday, as the cards' "Free:" dates count them; a day is not one
    // 24-hour walk that must fit a single window, nor taken by one walk already booked in it.
    for (const id of await findNoHoursOnIds(db, weekdaysOf(range), usersFilter)) busy.add(id);
    return busy;
  }
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

/** A range from one UTC midnight to another (a search by dates, not by times). */
function isWholeDays(range: Interval): boolean {
  const ms = range.end.getTime() - range.start.getTime();
  return ms > 0 && ms % DAY_MS === 0 && range.start.getTime() % DAY_MS === 0;
}

/** The weekdays (0 = Sunday) of the dates a whole-day range covers. */
function weekdaysOf(range: Interval): number[] {
  const days = new Set<number>();
  for (let t = range.start.getTime(); t < range.end.getTime() && days.size < 7; t += DAY_MS)
    days.add(new Date(t).getUTCDay());
  return [...days];
}

/**
 * The next free dates of each sitter (for cards and the sitter page); `calendarRows` as above.
 * A search's `fromDate` (YYYY-MM-DD, its first day: its cards show dates from there, not before)
 * and `service` (its cards show that service's dates; see nextFreeDates).
 */
export async function nextFreeDatesFor(
  db: DbOrTrx,
  sitters: { id: string; services: string[] }[],
  now = new Date(),
  calendarRows?: readonly CalendarRow[],
  search: { fromDate?: string; service?: string } = {},
): Promise<Map<string, string[]>> {
  const { fromDate, service } = search;
  const from = fromDate ? new Date(`${fromDate}T00:00:00Z`) : now;
  const first = from.getTime() > now.getTime() ? from : now;
  const horizon = {
    start: new Date(first.getTime() - DAY_MS),
    end: new Date(first.getTime() + (NEXT_FREE_HORIZON_DAYS + 1) * DAY_MS),
  };
  const calendars = await loadCalendars(
    db,
    sitters.map((s) => s.id),
    horizon,
    calendarRows,
  );
  const out = new Map<string, string[]>();
  for (const s of sitters)
    out.set(
      s.id,
      nextFreeDates(
        calendars.get(s.id)!,
        s.services,
        now,
        NEXT_FREE_DATES,
        NEXT_FREE_HORIZON_DAYS,
        fromDate,
        service,
      ),
    );
  return out;
}
