import fc from 'fast-check';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PET_SPECIES, SERVICES, searchRange, serviceUnit } from '@pawsy/contract';
import { newId } from '../../src/lib/ids.ts';
import { newUserRow } from '../../src/lib/user-row.ts';
import type { BookingsTable } from '../../src/db/schema.ts';
import { findBusySitters, loadCalendars } from '../../src/modules/availability/index.ts';
import {
  dateRangeToInterval,
  findConflict,
  normalizeSchedule,
  type CalendarData,
  type Interval,
} from '../../src/modules/availability/calendar.ts';
import { providerFilterSql } from '../../src/modules/sitters/nearby.repository.ts';
import { syncProviderLocation } from '../../src/modules/sitters/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { captureQueries } from '../helpers/queries.ts';

/*
 * GET /api/user/nearby with service, pet type and dates (DESIGN §5 "Availability"): filters alone
 * and combined, bad values, paging, a property-based oracle against the calendar rule applied per
 * sitter, and the query plans of the busy set.
 */

let t: TestApp;
/** Owner with coordinates (mode 'nearby'), owner without (mode 'all'), and a provider caller. */
let located: TestUser;
let nowhere: TestUser;
let selfSitter: TestUser;
/** Owner of the generated bookings (bookings.owner_id). */
let bookingOwner: TestUser;
/** selfSitter as the oracle sees it (services and pets change between cases). */
let selfModel: Sitter;

const ORIGIN = { lat: 38.72, lng: -9.14 };
const D0 = '2027-03-10';
const DAY = 86_400_000;
const at = (date: string, minutes = 0) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + minutes * 60_000);
const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const PET_LABELS: Record<string, string> = {
  dog: 'Dogs',
  cat: 'Cats',
  bird: 'Birds',
  rabbit: 'Rabbits',
  reptile: 'Reptiles',
  fish: 'Fish',
  'small mammal': 'Small mammals',
  other: 'Other',
};
const SERVICE_VALUES = SERVICES.map((s) => s.value as string);
const OVERNIGHT = SERVICES.filter((s) => s.unit === 'night').map((s) => s.value as string);
const ZONES = ['UTC', 'America/New_York', 'Europe/Lisbon', 'Asia/Kolkata', 'Australia/Sydney'];

type Window = { day: number; start: string; end: string };
type Booking = { service: string; status: BookingsTable['status']; start: Date; end: Date };
type Sitter = {
  id: string;
  kind: 'provider' | 'owner' | 'deleted';
  services: string[];
  pets: string[];
  lat: number | null;
  lng: number | null;
  created: string;
  timeZone?: string;
  schedule: Window[];
  capacities: Record<string, number>;
  blocks: { startDate: string; endDate: string }[];
  bookings: Booking[];
};

async function resetSitters() {
  const db = t.app.db;
  await db.deleteFrom('bookings').execute();
  await db.deleteFrom('sitter_blocks').execute();
  await db.deleteFrom('sitter_schedule_windows').execute();
  await db.deleteFrom('sitter_calendars').execute();
  await sql`delete from provider_locations where user_id in
    (select id from users where password_hash = 'x')`.execute(db);
  if (t.engine === 'sqlite')
    await sql`delete from provider_locations_rtree where id not in
      (select id from provider_locations)`.execute(db);
  await db.deleteFrom('users').where('password_hash', '=', 'x').execute();
}

/**
 * Inserts the sitters with their calendars (the rows the availability module keeps: settings,
 * normalised windows, blocks with their instants in the sitter's zone) and bookings.
 */
async function insertSitters(list: Sitter[]) {
  const db = t.app.db;
  if (list.length === 0) return;
  await db
    .insertInto('users')
    .values(
      list.map((s, i) =>
        newUserRow({
          email_verified: 1,
          id: s.id,
          email: `${s.id}@example.test`,
          password_hash: 'x',
          first_name: `Sitter${i}`,
          last_name: 'Oracle',
          user_type: s.kind === 'owner' ? 'user' : 'provider',
          primary_services: JSON.stringify(s.services),
          pet_prefrences: JSON.stringify(s.pets.map((p) => PET_LABELS[p])),
          latitude: s.lat,
          longitude: s.lng,
          deleted_at: s.kind === 'deleted' ? s.created : null,
          created_at: s.created,
          updated_at: s.created,
        }),
      ),
    )
    .execute();
  const bookings = [];
  const blocks = [];
  const calendars = [];
  const windows = [];
  for (const s of list) {
    await syncProviderLocation(db, s.id, s.lat, s.lng);
    if (s.timeZone || s.schedule.length > 0 || Object.keys(s.capacities).length > 0) {
      calendars.push({
        user_id: s.id,
        time_zone: s.timeZone ?? 'UTC',
        schedule: JSON.stringify(s.schedule),
        capacities: JSON.stringify(s.capacities),
        has_schedule: s.schedule.length > 0 ? 1 : 0,
        updated_at: s.created,
      });
      for (const w of normalizeSchedule(s.schedule))
        windows.push({
          user_id: s.id,
          weekday: w.weekday,
          start_minute: w.start,
          end_minute: w.end,
        });
    }
    for (const b of s.blocks) {
      const range = dateRangeToInterval(b.startDate, b.endDate, s.timeZone ?? 'UTC');
      blocks.push({
        id: newId(),
        user_id: s.id,
        start_date: b.startDate,
        end_date: b.endDate,
        start_at: range.start.toISOString(),
        end_at: range.end.toISOString(),
        note: '',
        created_at: s.created,
      });
    }
    for (const b of s.bookings) bookings.push(bookingRow(s.id, b));
  }
  for (let i = 0; i < blocks.length; i += 200)
    await db
      .insertInto('sitter_blocks')
      .values(blocks.slice(i, i + 200))
      .execute();
  if (calendars.length > 0) await db.insertInto('sitter_calendars').values(calendars).execute();
  for (let i = 0; i < windows.length; i += 200)
    await db
      .insertInto('sitter_schedule_windows')
      .values(windows.slice(i, i + 200))
      .execute();
  for (let i = 0; i < bookings.length; i += 200)
    await db
      .insertInto('bookings')
      .values(bookings.slice(i, i + 200))
      .execute();
}

function bookingRow(providerId: string, b: Booking): BookingsTable {
  return {
    id: newId(),
    owner_id: bookingOwner.id,
    provider_id: providerId,
    service: b.service,
    pets: '[]',
    start_at: b.start.toISOString(),
    end_at: b.end.toISOString(),
    notes: '',
    status: b.status,
    units: 1,
    rate_cents: 1000,
    price_cents: 1000,
    currency: 'USD',
    credits_applied: 0,
    credits_refunded: 0,
    cancelled_by: null,
    completed_at: null,
    created_at: '2027-01-01T00:00:00.000Z',
    updated_at: '2027-01-01T00:00:00.000Z',
  };
}

type Query = { service?: string; petType?: string; startDate?: string; endDate?: string };

/**
 * The calendar rule applied to each sitter alone: a live provider other than the caller who
 * offers the service, accepts the pet type and for whom findConflict finds nothing.
 */
function oracle(list: Sitter[], q: Query, callerId?: string): Sitter[] {
  const range = q.startDate && q.endDate ? searchRange(q.startDate, q.endDate) : null;
  return [...list, selfModel].filter((s) => {
    if (s.kind !== 'provider' || s.id === callerId) return false;
    if (q.service && !s.services.includes(q.service)) return false;
    if (q.petType && s.pets.length > 0 && !s.pets.includes(q.petType)) return false;
    if (!range) return true;
    const tz = s.timeZone ?? 'UTC';
    const cal: CalendarData = {
      timeZone: tz,
      windows: normalizeSchedule(s.schedule),
      capacities: s.capacities,
      blocks: s.blocks.map((b, i) => ({
        id: `b${i}`,
        ...b,
        ...dateRangeToInterval(b.startDate, b.endDate, tz),
      })),
      bookings: s.bookings
        .filter((b) => b.status === 'accepted' || b.status === 'in-progress')
        .map((b, i) => ({ id: `k${i}`, service: b.service, start: b.start, end: b.end })),
    };
    // Whole days for a walk or visit: not away, and hours on each day's weekday (when set).
    const days = (range.end.getTime() - range.start.getTime()) / 86_400_000;
    const wholeDays = Number.isInteger(days) && range.start.getTime() % 86_400_000 === 0;
    if (q.service && serviceUnit(q.service) === 'hour' && wholeDays) {
      if (findConflict(cal, undefined, range) !== null) return false;
      if (cal.windows.length === 0) return true;
      return Array.from({ length: days }, (_, i) =>
        new Date(range.start.getTime() + i * 86_400_000).getUTCDay(),
      ).every((day) => cal.windows.some((w) => w.weekday === day));
    }
    return findConflict(cal, q.service, range) === null;
  });
}

const qs = (q: Query & { page?: number; limit?: number }) =>
  new URLSearchParams(
    Object.entries(q)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();

type Card = { _id: string; distanceKm: number | null; nextFreeDates?: string[] };
type Page = {
  nearbyUsers: Card[];
  total: number;
  totalPages: number;
  hasMore: boolean;
  page: number;
  mode: string;
};

async function nearby(who: TestUser, q: Query & { page?: number; limit?: number }) {
  const res = await t.call({ method: 'GET', url: `/api/user/nearby?${qs(q)}`, token: who.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}

/** Every page in turn: the cards, checking that each page agrees on total and paging. */
async function walk(who: TestUser, q: Query, limit: number) {
  const first = await nearby(who, { ...q, page: 1, limit });
  const cards = [...first.nearbyUsers];
  expect(first.totalPages).toBe(Math.ceil(first.total / limit));
  let page = first;
  while (page.hasMore) {
    page = await nearby(who, { ...q, page: page.page + 1, limit });
    expect(page.total).toBe(first.total);
    cards.push(...page.nearbyUsers);
    expect(page.page).toBeLessThanOrEqual(first.totalPages);
  }
  expect(cards.length).toBe(first.total);
  return { total: first.total, mode: first.mode, cards };
}

let seq = 0;
function sitter(over: Partial<Sitter> = {}): Sitter {
  seq += 1;
  return {
    id: newId(),
    kind: 'provider',
    services: ['dog-walking', 'boarding'],
    pets: [],
    lat: ORIGIN.lat + seq * 0.01,
    lng: ORIGIN.lng,
    created: new Date(Date.UTC(2026, 0, 1) + seq * 1000).toISOString(),
    schedule: [],
    capacities: {},
    blocks: [],
    bookings: [],
    ...over,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  located = await createUser(t.app, { latitude: ORIGIN.lat, longitude: ORIGIN.lng });
  nowhere = await createUser(t.app);
  bookingOwner = await createUser(t.app);
  selfSitter = await createUser(t.app, {
    user_type: 'provider',
    primary_services: JSON.stringify(['dog-walking', 'boarding']),
    latitude: ORIGIN.lat,
    longitude: ORIGIN.lng,
  });
  await syncProviderLocation(t.app.db, selfSitter.id, ORIGIN.lat, ORIGIN.lng);
  const row = await t.app.db
    .selectFrom('users')
    .select('created_at')
    .where('id', '=', selfSitter.id)
    .executeTakeFirstOrThrow();
  selfModel = sitter({ id: selfSitter.id, created: row.created_at, lat: ORIGIN.lat });
}, 60_000);

/** Sets what the provider caller offers, in the database and in the oracle's model. */
async function setSelf(services: string[], pets: string[]) {
  await t.app.db
    .updateTable('users')
    .set({
      primary_services: JSON.stringify(services),
      pet_prefrences: JSON.stringify(pets.map((p) => PET_LABELS[p])),
    })
    .where('id', '=', selfSitter.id)
    .execute();
  selfModel = { ...selfModel, services, pets };
}
afterAll(() => t.close());

describe('GET /api/user/nearby filters', () => {
  const ids = (p: Page) => p.nearbyUsers.map((u) => u._id).sort();
  let walker: Sitter;
  let catBoarder: Sitter;
  let anyPet: Sitter;
  let away: Sitter;
  let full: Sitter;
  let roomy: Sitter;
  let morning: Sitter;

  beforeAll(async () => {
    await resetSitters();
    await setSelf(['boarding'], ['rabbit']);
    walker = sitter({ services: ['dog-walking'], pets: ['dog'] });
    catBoarder = sitter({ services: ['boarding'], pets: ['cat'] });
    anyPet = sitter({ services: ['dog-walking', 'boarding'], pets: [] });
    away = sitter({
      services: ['dog-walking', 'boarding'],
      blocks: [{ startDate: addDays(D0, 2), endDate: addDays(D0, 4) }],
    });
    full = sitter({
      services: ['boarding'],
      bookings: [
        { service: 'boarding', status: 'accepted', start: at(D0), end: at(addDays(D0, 3)) },
        {
          service: 'boarding',
          status: 'pending',
          start: at(addDays(D0, 3)),
          end: at(addDays(D0, 5)),
        },
      ],
    });
    roomy = sitter({
      services: ['boarding'],
      pets: ['dog', 'cat'],
      capacities: { boarding: 2 },
      bookings: [
        { service: 'boarding', status: 'in-progress', start: at(D0), end: at(addDays(D0, 3)) },
      ],
    });
    morning = sitter({
      services: ['dog-walking'],
      pets: ['dog'],
      timeZone: 'Europe/Lisbon',
      schedule: [1, 2, 3, 4, 5].map((day) => ({ day, start: '08:00', end: '12:00' })),
    });
    await insertSitters([walker, catBoarder, anyPet, away, full, roomy, morning]);
  });

  it('service alone: only sitters listing it (labels accepted), total from the counters', async () => {
    const page = await nearby(located, { service: 'Boarding', limit: 50 });
    const boarders = [catBoarder.id, anyPet.id, away.id, full.id, roomy.id];
    expect(ids(page)).toEqual([...boarders, selfSitter.id].sort());
    expect(page.total).toBe(6);
    // The caller (a provider offering boarding) is neither listed nor counted.
    const own = await nearby(selfSitter, { service: 'boarding', limit: 50 });
    expect(ids(own)).toEqual(boarders.sort());
    expect(own.total).toBe(5);
  });

  it('pet type alone: sitters naming the species or without a preference', async () => {
    const page = await nearby(nowhere, { petType: 'Cat', limit: 50 });
    expect(ids(page)).toEqual([catBoarder.id, anyPet.id, away.id, full.id, roomy.id].sort());
    expect(page.total).toBe(5);
    expect(page.mode).toBe('all');
    // The plural a profile's preferences use names the same species.
    const plural = await nearby(nowhere, { petType: 'Cats', limit: 50 });
    expect(ids(plural)).toEqual(ids(page));
  });

  it('dates alone: sitters away on any day of the range are left out', async () => {
    const page = await nearby(located, { startDate: addDays(D0, 4), endDate: addDays(D0, 6) });
    expect(ids(page)).not.toContain(away.id);
    expect(page.total).toBe(7);
    const before = await nearby(located, { startDate: D0, endDate: addDays(D0, 1) });
    expect(ids(before)).toContain(away.id);
    expect(before.total).toBe(8);
  });

  it('service and dates: a full capacity hides the sitter, room left keeps them', async () => {
    const q = { service: 'boarding', startDate: addDays(D0, 1), endDate: addDays(D0, 2) };
    const page = await nearby(located, { ...q, limit: 50 });
    expect(ids(page)).toEqual([catBoarder.id, anyPet.id, roomy.id, selfSitter.id].sort());
    expect(page.total).toBe(4);
    // A booking ending as the range starts does not overlap it; a pending one does not occupy.
    const later = await nearby(located, {
      service: 'boarding',
      startDate: addDays(D0, 3),
      endDate: addDays(D0, 3),
    });
    expect(ids(later)).toContain(full.id);
  });

  it('an hourly service at a time: weekly schedule in the sitter zone decides', async () => {
    // Monday 2027-03-15 09:00–10:00 in Lisbon (UTC+0 then) is inside; 13:00 is outside.
    const inside = await nearby(nowhere, {
      service: 'dog-walking',
      petType: 'dog',
      startDate: '2027-03-15T09:00:00Z',
      endDate: '2027-03-15T10:00:00Z',
    });
    expect(ids(inside)).toEqual([walker.id, anyPet.id, away.id, morning.id].sort());
    const outside = await nearby(nowhere, {
      service: 'dog-walking',
      petType: 'dog',
      startDate: '2027-03-15T13:00:00Z',
      endDate: '2027-03-15T14:00:00Z',
    });
    expect(ids(outside)).toEqual([walker.id, anyPet.id, away.id].sort());
    expect(outside.total).toBe(3);
  });

  it('an hourly service by dates: hours on each day searched, not one window for the whole day', async () => {
    const search = async (startDate: string, endDate: string) =>
      ids(await nearby(nowhere, { service: 'dog-walking', petType: 'dog', startDate, endDate }));
    // Weekday mornings in Lisbon: free for a walk on Monday 15 March, by itself or with Tuesday.
    expect(await search('2027-03-15', '2027-03-15')).toContain(morning.id);
    expect(await search('2027-03-15', '2027-03-16')).toContain(morning.id);
    // No hours on Saturdays: a range taking one in leaves them out.
    expect(await search('2027-03-13', '2027-03-13')).not.toContain(morning.id);
    expect(await search('2027-03-12', '2027-03-13')).not.toContain(morning.id);
    // A narrower range never finds fewer sitters than a wider one containing it.
    const wide = await search('2027-03-15', '2027-03-17');
    for (const id of wide) expect(await search('2027-03-16', '2027-03-16')).toContain(id);
  });

  it('all four combined, in both modes', async () => {
    const q = {
      service: 'boarding',
      petType: 'cat',
      startDate: addDays(D0, 2),
      endDate: addDays(D0, 2),
    };
    for (const who of [located, nowhere]) {
      const page = await nearby(who, { ...q, limit: 50 });
      expect(ids(page)).toEqual([catBoarder.id, anyPet.id, roomy.id].sort());
      expect(page.total).toBe(3);
    }
  });

  it('cards carry the next free dates', async () => {
    const page = await nearby(located, { limit: 50 });
    for (const card of page.nearbyUsers) {
      expect(Array.isArray(card.nextFreeDates)).toBe(true);
      for (const d of card.nextFreeDates!) expect(d).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(page.nearbyUsers.some((c) => c.nextFreeDates!.length > 0)).toBe(true);
  });

  it('with dates, the free dates on cards start at the first day searched, not before it', async () => {
    const startDate = addDays(D0, 10);
    const page = await nearby(located, { startDate, endDate: addDays(D0, 11), limit: 50 });
    expect(page.nearbyUsers.length).toBeGreaterThan(0);
    for (const card of page.nearbyUsers)
      for (const d of card.nextFreeDates!) expect(d >= startDate, `${card._id} ${d}`).toBe(true);
    expect(page.nearbyUsers.some((c) => c.nextFreeDates![0] === startDate)).toBe(true);
  });

  it('pages agree with each other and with the total when some sitters are busy', async () => {
    const q = { service: 'boarding', startDate: addDays(D0, 1), endDate: addDays(D0, 3) };
    for (const who of [located, nowhere, selfSitter])
      for (const limit of [1, 2]) {
        const { cards, total } = await walk(who, q, limit);
        expect(new Set(cards.map((c) => c._id)).size).toBe(total);
        expect(cards.map((c) => c._id).sort()).toEqual(
          oracle([walker, catBoarder, anyPet, away, full, roomy, morning], q, who.id)
            .map((s) => s.id)
            .sort(),
        );
        expect(total).toBeGreaterThan(2);
      }
  });

  it.each([
    ['an unknown service', { service: 'teleportation' }, /unknown service/i],
    ['an unknown pet type', { petType: 'dragon' }, /petType must be one of/],
    ['only a start date', { startDate: D0 }, /both startDate and endDate/],
    ['only an end date', { endDate: D0 }, /both startDate and endDate/],
    ['an end before the start', { startDate: D0, endDate: addDays(D0, -1) }, /after startDate/],
    [
      'an end equal to a date-time start',
      { startDate: `${D0}T10:00:00Z`, endDate: `${D0}T10:00:00Z` },
      /after startDate/,
    ],
    ['more than 60 days', { startDate: D0, endDate: addDays(D0, 60) }, /at most 60 days/],
    ['a date that is no date', { startDate: 'soon', endDate: D0 }, /ISO 8601/],
  ])('answers 400 with a message for %s', async (_label, q, message) => {
    const res = await t.call({
      method: 'GET',
      url: `/api/user/nearby?${qs(q)}`,
      token: located.token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('60 days exactly is accepted', async () => {
    const page = await nearby(located, { startDate: D0, endDate: addDays(D0, 59) });
    expect(page.total).toBeGreaterThan(0);
  });
});

describe("a service search's cards", () => {
  it("show that service's free dates; an overnight one's are not ruled out by the weekly hours", async () => {
    await resetSitters();
    // Weekday hours, walks and boarding: free to board over the weekend (2027-03-13/14).
    const weekdays = sitter({
      schedule: [1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '17:00' })),
    });
    await insertSitters([weekdays]);
    const weekend = { startDate: '2027-03-13', endDate: '2027-03-14' };
    const card = async (q: Query) =>
      (await nearby(located, { ...q, limit: 50 })).nearbyUsers.find((c) => c._id === weekdays.id);

    const boarding = await card({ service: 'boarding', ...weekend });
    expect(boarding?.nextFreeDates?.slice(0, 2)).toEqual(['2027-03-13', '2027-03-14']);
    // Walks need the hours: no hours at the weekend, so a weekend walk search leaves them out;
    // a search naming no service keeps them (not away), their free dates from Monday.
    expect(await card({ service: 'dog-walking', ...weekend })).toBeUndefined();
    expect(
      (await card({ service: 'dog-walking', startDate: '2027-03-15', endDate: '2027-03-15' }))
        ?.nextFreeDates?.[0],
    ).toBe('2027-03-15');
    expect((await card(weekend))?.nextFreeDates?.[0]).toBe('2027-03-15');
  });
});

describe('search by dates against a brute-force oracle (property)', () => {
  const hhmm = (half: number) =>
    `${String(Math.floor(half / 2)).padStart(2, '0')}:${half % 2 ? '30' : '00'}`;
  const windowArb = fc
    .record({
      day: fc.integer({ min: 0, max: 6 }),
      s: fc.integer({ min: 0, max: 47 }),
      e: fc.integer({ min: 0, max: 48 }),
    })
    .map(({ day, s, e }) => ({
      day,
      start: hhmm(s),
      end: e === s && s !== 0 ? hhmm(Math.min(48, s + 1)) : e === 48 ? '24:00' : hhmm(e),
    }));
  const bookingArb = fc
    .record({
      service: fc.constantFrom(...SERVICE_VALUES),
      status: fc.constantFrom<BookingsTable['status']>(
        'accepted',
        'accepted',
        'in-progress',
        'pending',
        'completed',
        'cancelled',
      ),
      startHalf: fc.integer({ min: -3 * 48, max: 14 * 48 }),
      halves: fc.integer({ min: 1, max: 8 * 48 }),
    })
    .map((b) => {
      const start = at(D0, b.startHalf * 30);
      const halves = OVERNIGHT.includes(b.service) ? Math.max(24, b.halves) : 1 + (b.halves % 6);
      return {
        service: b.service,
        status: b.status,
        start,
        end: new Date(start.getTime() + halves * 30 * 60_000),
      };
    });
  const sitterArb = fc
    .record({
      kind: fc.constantFrom<Sitter['kind']>(...Array(8).fill('provider'), 'owner', 'deleted'),
      services: fc.subarray(SERVICE_VALUES),
      pets: fc.oneof(fc.constant([] as string[]), fc.subarray([...PET_SPECIES], { minLength: 1 })),
      located: fc.boolean(),
      dLat: fc.double({ min: -2, max: 2, noNaN: true }),
      dLng: fc.double({ min: -2, max: 2, noNaN: true }),
      timeZone: fc.option(fc.constantFrom(...ZONES), { nil: undefined }),
      schedule: fc.oneof(
        fc.constant([] as Window[]),
        fc.array(windowArb, { minLength: 1, maxLength: 5 }),
      ),
      capacities: fc.dictionary(fc.constantFrom(...OVERNIGHT), fc.integer({ min: 1, max: 3 }), {
        maxKeys: 2,
      }),
      blocks: fc.array(
        fc.record({ k: fc.integer({ min: -4, max: 14 }), len: fc.integer({ min: 0, max: 4 }) }),
        { maxLength: 2 },
      ),
      bookings: fc.array(bookingArb, { maxLength: 4 }),
    })
    .map((g): Omit<Sitter, 'id' | 'created'> => ({
      kind: g.kind,
      services: g.services,
      pets: g.pets,
      lat: g.located ? ORIGIN.lat + g.dLat : null,
      lng: g.located ? ORIGIN.lng + g.dLng : null,
      timeZone: g.timeZone,
      schedule: g.schedule,
      capacities: g.capacities,
      blocks: g.blocks.map((b) => ({
        startDate: addDays(D0, b.k),
        endDate: addDays(D0, b.k + b.len),
      })),
      bookings: g.bookings,
    }));
  const queryArb = fc.record({
    service: fc.option(fc.constantFrom(...SERVICE_VALUES), { nil: undefined }),
    petType: fc.option(fc.constantFrom(...PET_SPECIES), { nil: undefined }),
    dates: fc.oneof(
      fc.constant(null),
      fc
        .record({ k: fc.integer({ min: -2, max: 12 }), len: fc.integer({ min: 0, max: 4 }) })
        .map(({ k, len }) => ({ startDate: addDays(D0, k), endDate: addDays(D0, k + len) })),
      fc
        .record({
          half: fc.integer({ min: -2 * 48, max: 12 * 48 }),
          halves: fc.integer({ min: 1, max: 60 }),
        })
        .map(({ half, halves }) => ({
          startDate: at(D0, half * 30).toISOString(),
          endDate: at(D0, (half + halves) * 30).toISOString(),
        })),
    ),
    limit: fc.constantFrom(2, 3, 5, 8),
    who: fc.constantFrom('located', 'nowhere', 'self'),
    self: fc.record({ services: fc.subarray(SERVICE_VALUES), pets: fc.subarray([...PET_SPECIES]) }),
  });

  it('lists exactly the sitters that offer, accept and are free, on every page, with the total', async () => {
    let narrowed = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(sitterArb, { minLength: 10, maxLength: 22 }),
        fc.array(queryArb, { minLength: 3, maxLength: 3 }),
        async (generated, queries) => {
          await resetSitters();
          const list: Sitter[] = generated.map((g, i) => ({
            ...g,
            id: newId(),
            created: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
          }));
          await insertSitters(list);
          for (const q of queries) {
            const query: Query = {
              service: q.service,
              petType: q.petType,
              ...(q.dates ?? {}),
            };
            const caller =
              q.who === 'located' ? located : q.who === 'nowhere' ? nowhere : selfSitter;
            await setSelf(q.self.services, q.self.pets);
            const expected = oracle(list, query, caller.id);
            if (
              query.startDate &&
              expected.length <
                oracle(list, { ...query, startDate: undefined, endDate: undefined }, caller.id)
                  .length
            )
              narrowed += 1;
            const got = await walk(caller, query, q.limit);
            expect(got.total).toBe(expected.length);
            const gotIds = got.cards.map((c) => c._id);
            expect(new Set(gotIds).size).toBe(gotIds.length);
            if (got.mode === 'all') {
              // No ratings here: newest first, then id descending.
              const order = [...expected].sort((a, b) =>
                a.created === b.created ? (a.id < b.id ? 1 : -1) : a.created < b.created ? 1 : -1,
              );
              expect(gotIds).toEqual(order.map((s) => s.id));
            } else {
              expect([...gotIds].sort()).toEqual(expected.map((s) => s.id).sort());
              const km = got.cards.map((c) => c.distanceKm);
              const firstNull = km.indexOf(null);
              const ranked = (firstNull < 0 ? km : km.slice(0, firstNull)) as number[];
              expect(km.slice(ranked.length).every((d) => d === null)).toBe(true);
              for (let i = 1; i < ranked.length; i++)
                expect(ranked[i]!).toBeGreaterThanOrEqual(ranked[i - 1]!);
            }
          }
        },
      ),
      // A failure found late shrinks for as long as the rest of the budget, then reports what it
      // has: never past the test's timeout, whose abandoned runs would race the next block.
      { numRuns: 30, interruptAfterTimeLimit: 90_000, markInterruptAsFailure: true },
    );
    // The generator must produce cases where the dates actually leave sitters out.
    expect(narrowed).toBeGreaterThan(5);
  }, 120_000);
});

describe('busy-set query plans', () => {
  /** Runs `fn` against a database handle that records every query it compiles. */
  async function plan(query: CompiledQuery): Promise<string> {
    const prefix = t.engine === 'sqlite' ? 'explain query plan ' : 'explain ';
    const result = await t.app.db.executeQuery<Record<string, string>>(
      CompiledQuery.raw(prefix + query.sql, [...query.parameters]),
    );
    return result.rows.map((r) => r.detail ?? r['QUERY PLAN']).join('\n');
  }

  beforeAll(async () => {
    await resetSitters();
    // Twelve years of blocks and three of bookings over 300 sitters: a range of days is selective.
    const list: Sitter[] = [];
    for (let i = 0; i < 300; i++) {
      const blocks = [];
      const bookings: Booking[] = [];
      for (let j = 0; j < 10; j++) {
        const k = ((i * 37 + j * 101) % 4400) - 4000;
        blocks.push({ startDate: addDays(D0, k), endDate: addDays(D0, k + (j % 3)) });
        const start = at(addDays(D0, ((i * 53 + j * 71) % 1000) - 500), (j % 24) * 60);
        const overnight = j % 2 === 0;
        bookings.push({
          service: overnight ? 'boarding' : 'dog-walking',
          status: j % 3 === 0 ? 'completed' : 'accepted',
          start,
          end: new Date(start.getTime() + (overnight ? 2 * DAY : 3_600_000)),
        });
      }
      list.push(
        sitter({ services: ['dog-walking', 'boarding'], blocks, bookings, lat: null, lng: null }),
      );
    }
    await insertSitters(list);
    // And many providers without a calendar, as in production: the blocks and bookings of a few
    // days are what the search reads, not the providers.
    const filler = [];
    for (let i = 0; i < 2000; i++)
      filler.push(
        newUserRow({
          email_verified: 1,
          email: `filler${i}@example.test`,
          password_hash: 'x',
          first_name: 'Filler',
          last_name: 'Sitter',
          user_type: 'provider',
          primary_services: JSON.stringify(i % 2 ? ['boarding'] : ['dog-walking', 'boarding']),
        }),
      );
    for (let i = 0; i < filler.length; i += 500)
      await t.app.db
        .insertInto('users')
        .values(filler.slice(i, i + 500))
        .execute();
    if (t.engine === 'postgres') {
      await sql`analyze sitter_blocks`.execute(t.app.db);
      await sql`analyze bookings`.execute(t.app.db);
      await sql`analyze users`.execute(t.app.db);
    }
  }, 120_000);

  it('finds blocked sitters and occupying bookings through their range indexes', async () => {
    for (const [service, range] of [
      ['boarding', searchRange(D0, addDays(D0, 3))],
      ['dog-walking', searchRange(`${D0}T09:00:00Z`, `${D0}T10:00:00Z`)],
    ] as [string, Interval][]) {
      const filter = providerFilterSql({ excludeId: located.id, service });
      const queries = await captureQueries(t.app.db, (db) =>
        findBusySitters(db, service, range, filter),
      );
      const blocks = queries.filter((q) => /from sitter_blocks/.test(q.sql));
      const bookings = queries.filter((q) => /from bookings/.test(q.sql));
      expect(blocks.length).toBe(1);
      expect(bookings.length).toBe(1);
      const blockPlan = await plan(blocks[0]!);
      const bookingPlan = await plan(bookings[0]!);
      expect(blockPlan).toContain('sitter_blocks_start_idx');
      expect(bookingPlan).toContain('bookings_status_service_start_idx');
      if (t.engine === 'sqlite') {
        // The range index drives the join: never a walk over every provider or every block.
        expect(blockPlan.split('\n')[0]).toMatch(
          /^SEARCH b USING (COVERING )?INDEX sitter_blocks_start_idx/,
        );
        expect(bookingPlan.split('\n')[0]).toMatch(
          /^SEARCH bookings USING (COVERING )?INDEX bookings_status_service_start_idx/,
        );
        expect(`${blockPlan}\n${bookingPlan}`).not.toMatch(/\bSCAN\b/);
      }
      const schedule = queries.filter((q) => /from sitter_calendars c/.test(q.sql));
      for (const q of schedule) {
        const text = await plan(q);
        expect(text).toContain('sitter_calendars_schedule_idx');
        if (t.engine === 'sqlite') expect(text.split('\n')[0]).toMatch(/^SEARCH c /);
      }
    }
  });

  it("reads one sitter's bookings (cards, checks) by sitter, not by date", async () => {
    const ids = (
      await t.app.db.selectFrom('sitter_blocks').select('user_id').distinct().limit(15).execute()
    ).map((r) => r.user_id);
    const range = searchRange(D0, addDays(D0, 60));
    const queries = await captureQueries(t.app.db, (db) => loadCalendars(db, ids, range));
    const bookings = queries.filter((q) => /from "?bookings"?\s/.test(q.sql));
    expect(bookings.length).toBe(1);
    const used = await plan(bookings[0]!);
    expect(used).toContain('bookings_provider_status_idx');
    // The overlap test and the columns returned come from the index entries, not the rows.
    if (t.engine === 'sqlite')
      expect(used).toContain('COVERING INDEX bookings_provider_status_idx');
  });
});
