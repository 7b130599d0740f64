import { SqliteAdapter, sql, type RawBuilder } from 'kysely';
import { MAX_BLOCK_DAYS, SERVICES } from '@pawsy/contract';
import { compiledRead, type DbOrTrx } from '../../db/index.ts';
import type { SitterBlocksTable, SitterCalendarsTable } from '../../db/schema.ts';
import type { Interval } from './calendar.ts';

const DAY_MS = 86_400_000;
/** The longest booking (pricing.MAX_BOOKING_DAYS) plus a day: bounds overlap scans by start. */
const MAX_BOOKING_SPAN_MS = 61 * DAY_MS;
const OCCUPYING = ['accepted', 'in-progress'] as const;
const HOURLY = SERVICES.filter((s) => s.unit === 'hour').map((s) => s.value as string);

export type CalendarRow = SitterCalendarsTable;
export type BlockRow = SitterBlocksTable;
export type OccupancyRow = {
  id: string;
  provider_id: string;
  service: string;
  status: string;
  start_at: string;
  end_at: string;
};

const iso = (t: number | Date) => new Date(t).toISOString();

const selectCalendarRows = compiledRead((db, userIds: string[]) =>
  db.selectFrom('sitter_calendars').selectAll().where('user_id', 'in', userIds),
);

export async function findCalendarRows(db: DbOrTrx, userIds: string[]): Promise<CalendarRow[]> {
  if (userIds.length === 0) return [];
  return selectCalendarRows(db, userIds);
}

const selectWindows = compiledRead((db, userIds: string[]) =>
  db
    .selectFrom('sitter_schedule_windows')
    .select(['user_id', 'weekday', 'start_minute', 'end_minute'])
    .where('user_id', 'in', userIds),
);

export async function findWindows(db: DbOrTrx, userIds: string[]) {
  if (userIds.length === 0) return [];
  return selectWindows(db, userIds);
}

const selectBlocksEndingAfter = compiledRead((db, userIds: string[], from: string) =>
  db
    .selectFrom('sitter_blocks')
    .selectAll()
    .where('user_id', 'in', userIds)
    .where('end_at', '>', from)
    .orderBy('start_at'),
);

/** Blocks of these sitters that end after `from` (upcoming and current ones). */
export async function findBlocksEndingAfter(
  db: DbOrTrx,
  userIds: string[],
  from: Date,
): Promise<BlockRow[]> {
  if (userIds.length === 0) return [];
  return selectBlocksEndingAfter(db, userIds, iso(from));
}

/**
 * A live (not deleted) provider and the services they list: a calendar is a sitter's, and their
 * next free dates are counted over what they offer.
 */
export async function findLiveProvider(
  db: DbOrTrx,
  userId: string,
): Promise<{ id: string; primary_services: string } | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'primary_services'])
    .where('id', '=', userId)
    .where('user_type', '=', 'provider')
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

const selectOccupancy = compiledRead(
  (db, providerIds: string[], before: string, startsFrom: string, endsAfter: string) => {
    // Per sitter, never by date across all sitters: SQLite without statistics may otherwise pick
    // the search's (status, service, start) index and read every occupying booking in the window.
    const from =
      db.getExecutor().adapter instanceof SqliteAdapter
        ? sql`bookings indexed by bookings_provider_status_idx`
        : sql`bookings`;
    const query = sql<OccupancyRow>`select id, provider_id, service, status, start_at, end_at
      from ${from}
      where provider_id in (${sql.join(providerIds)})
        and status in (${sql.join([...OCCUPYING])})
        and start_at < ${before}
        and start_at >= ${startsFrom}
        and end_at > ${endsAfter}
      order by start_at`;
    return { compile: () => query.compile(db) };
  },
);

/** Accepted and in-progress bookings of these sitters overlapping `range`. */
export async function findOccupancy(
  db: DbOrTrx,
  providerIds: string[],
  range: Interval,
): Promise<OccupancyRow[]> {
  if (providerIds.length === 0) return [];
  return selectOccupancy(
    db,
    providerIds,
    iso(range.end),
    iso(range.start.getTime() - MAX_BOOKING_SPAN_MS),
    iso(range.start),
  );
}

/**
 * Holds the sitter's row until the transaction ends, so checks of their calendar and the write
 * that occupies it (an acceptance, a new block) never interleave with another such pair. SQLite
 * runs one write transaction at a time already; PostgreSQL takes a row lock. NO KEY UPDATE, not
 * UPDATE: it still excludes every other lockSitter, but not the KEY SHARE locks that inserts
 * referencing the sitter take (events, requests, notifications), so a transaction that already
 * holds a booking row and then writes such a row cannot deadlock against a locked acceptance.
 */
export async function lockSitter(trx: DbOrTrx, userId: string): Promise<void> {
  if (trx.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`select id from users where id = ${userId} for no key update`.execute(trx);
}

// ---------------------------------------------------------------------------------------------
// Search: sitters who are not free for a range. `usersFilter` is a condition over `users`.
// CROSS JOIN keeps the calendar table outermost on SQLite (its planner would otherwise walk every
// provider through the users index and probe each one's calendar); PostgreSQL plans it freely.

/**
 * Sitters matching `usersFilter` with a blocked range overlapping `range` (once per block: no
 * DISTINCT, which SQLite would serve by scanning the blocks in user order instead of by date).
 */
export async function findBlockedSitterIds(
  db: DbOrTrx,
  range: Interval,
  usersFilter: RawBuilder<boolean>,
): Promise<string[]> {
  const { rows } = await sql<{ user_id: string }>`select b.user_id
    from sitter_blocks b cross join users
    where users.id = b.user_id and b.start_at < ${iso(range.end)}
      and b.start_at >= ${iso(range.start.getTime() - MAX_BLOCK_DAYS * DAY_MS - DAY_MS)}
      and b.end_at > ${iso(range.start)}
      and ${usersFilter}`.execute(db);
  return rows.map((r) => r.user_id);
}

/**
 * Occupying bookings overlapping `range` of sitters matching `usersFilter`: of one overnight
 * service, of any hourly service, or (service undefined) of any kind; each with its sitter's
 * capacities (JSON, null without a calendar row) so the caller needs no second query.
 */
export async function findOccupancyInRange(
  db: DbOrTrx,
  range: Interval,
  services: string[] | 'hourly',
  usersFilter: RawBuilder<boolean>,
): Promise<(OccupancyRow & { capacities: string | null })[]> {
  const list = services === 'hourly' ? HOURLY : services;
  const { rows } = await sql<OccupancyRow & { capacities: string | null }>`select bookings.id,
      bookings.provider_id, bookings.service, bookings.status, bookings.start_at,
      bookings.end_at, c.capacities
    from bookings cross join users
      left join sitter_calendars c on c.user_id = bookings.provider_id
    where users.id = bookings.provider_id and bookings.status in ('accepted', 'in-progress')
      and bookings.start_at < ${iso(range.end)}
      and bookings.start_at >= ${iso(range.start.getTime() - MAX_BOOKING_SPAN_MS)}
      and bookings.end_at > ${iso(range.start)}
      and bookings.service in (${sql.join(list)})
      and ${usersFilter}`.execute(db);
  return rows;
}

/** Time zones of sitters who set a weekly schedule. */
export async function findScheduledTimeZones(db: DbOrTrx): Promise<string[]> {
  const rows = await db
    .selectFrom('sitter_calendars')
    .select('time_zone')
    .distinct()
    .where('has_schedule', '=', 1)
    .execute();
  return rows.map((r) => r.time_zone);
}

/**
 * Sitters in `timeZone` with a weekly schedule that does not hold every segment (weekday and
 * minutes [from, to]) inside one window — the SQL twin of calendar.scheduleCovers.
 */
export async function findScheduleMissIds(
  db: DbOrTrx,
  timeZone: string,
  segments: { weekday: number; from: number; to: number }[],
  usersFilter: RawBuilder<boolean>,
): Promise<string[]> {
  const covered = segments.map(
    (s) => sql`exists (select 1 from sitter_schedule_windows w
      where w.user_id = c.user_id and w.weekday = ${s.weekday}
        and w.start_minute <= ${s.from} and w.end_minute >= ${s.to})`,
  );
  const { rows } = await sql<{ user_id: string }>`select c.user_id
    from sitter_calendars c cross join users
    where users.id = c.user_id and c.has_schedule = 1 and c.time_zone = ${timeZone}
      and not (${sql.join(covered, sql` and `)})
      and ${usersFilter}`.execute(db);
  return rows.map((r) => r.user_id);
}

/**
 * Sitters with weekly hours (has_schedule) but none on one of `weekdays`, their own local
 * weekdays (a window past midnight counts on both days, as normalizeSchedule splits it).
 */
export async function findNoHoursOnIds(
  db: DbOrTrx,
  weekdays: readonly number[],
  usersFilter: RawBuilder<boolean>,
): Promise<string[]> {
  if (weekdays.length === 0) return [];
  const missing = weekdays.map(
    (day) => sql`not exists (select 1 from sitter_schedule_windows w
      where w.user_id = c.user_id and w.weekday = ${day})`,
  );
  const { rows } = await sql<{ user_id: string }>`select c.user_id
    from sitter_calendars c cross join users
    where users.id = c.user_id and c.has_schedule = 1
      and (${sql.join(missing, sql` or `)})
      and ${usersFilter}`.execute(db);
  return rows.map((r) => r.user_id);
}

/**
 * Offers `service` and accepts `petType` — the same test the provider_offer_counts triggers use
 * (availability migration): a listed service value, and a pet preference naming the species or
 * no preference at all.
 */
export function offerFilterSql(service?: string, petType?: string): RawBuilder<boolean> {
  const parts: RawBuilder<unknown>[] = [sql`1 = 1`];
  if (service) parts.push(sql`lower(users.primary_services) like ${`%"${service}"%`}`);
  if (petType)
    parts.push(
      sql`(users.pet_prefrences = '[]' or lower(users.pet_prefrences) like ${`%${petType}%`})`,
    );
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

/** Live providers offering `service` to `petType` ('' = any), from the trigger-kept counts. */
export async function countOffering(
  db: DbOrTrx,
  service: string,
  petType: string,
): Promise<number> {
  const row = await db
    .selectFrom('provider_offer_counts')
    .select('n')
    .where('service', '=', service)
    .where('pet_type', '=', petType)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The calendar-version counter (moved by triggers on every write that can change who is busy). */
export async function readCalendarVersion(db: DbOrTrx): Promise<string> {
  const [row] = await selectCalendarVersion(db);
  return String(row?.v ?? 0);
}
const selectCalendarVersion = compiledRead((db) =>
  db.selectFrom('calendar_version').select('v').where('id', '=', 1),
);

/** Live providers offering `service` to `petType` (the busy-set filter of a plain search). */
export function liveOfferingSql(service?: string, petType?: string): RawBuilder<boolean> {
  return sql<boolean>`(users.user_type = 'provider' and users.deleted_at is null
    and ${offerFilterSql(service, petType)})`;
}
