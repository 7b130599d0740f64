import { formatStart } from '../../src/lib/house-dates.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import type { TestUser } from '../helpers/factories.ts';
import {
  call,
  closeApp,
  createOwner,
  createProvider,
  postBooking,
  type Owner,
} from '../helpers/booking-fixtures.ts';

/**
 * The sitter's calendar is enforced (DESIGN §5 "Availability"): requesting, inviting, applying
 * and accepting a sitter who is not free gives 409 naming the conflict. Only accepted and
 * in-progress bookings occupy the calendar; pending requests and cancelled bookings do not.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Midnight UTC of the first Monday at least 20 days ahead: day 0 of every test's dates. */
const BASE = (() => {
  const d = new Date(Date.now() + 20 * DAY);
  d.setUTCHours(0, 0, 0, 0);
  while (d.getUTCDay() !== 1) d.setTime(d.getTime() + DAY);
  return d.getTime();
})();
const at = (day: number, hour = 0) => new Date(BASE + day * DAY + hour * HOUR).toISOString();
const dateOf = (day: number) => at(day).slice(0, 10);
/** A day as conflict messages say it ("Sun 20 Dec 2026"). */
const dayLabel = (day: number) =>
  new Date(`${dateOf(day)}T00:00:00Z`)
    .toLocaleDateString('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    })
    .replace(',', '');
/** A start as conflict messages write it, on a UTC calendar: "Tue 15 Dec 2026, 10:00 UTC". */
const clockOf = (iso: string) => formatStart(iso);

let t: TestApp;
let owner: Owner;
let other: Owner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app);
  other = await createOwner(t.app);
}, 60_000);
afterAll(() => closeApp(t));

const sitterNamed = (firstName: string) =>
  createProvider(t.app, undefined, { first_name: firstName });

function body(who: Owner, service: string, start: string, end: string) {
  return { service, pets: [who.petIds[0]], startDate: start, endDate: end, notes: '' };
}

/** POST /booking with a sitter: a direct request (not paid, so it never reaches the sitter). */
const directRequest = (who: Owner, sitter: TestUser, service: string, start: string, end: string) =>
  call(t, 'POST', '/api/booking/', who, {
    ...body(who, service, start, end),
    provider_id: sitter.id,
  });

/** An open booking (no sitter yet). */
async function openBooking(who: Owner, service: string, start: string, end: string) {
  return (await postBooking(t, who, { service, startDate: start, endDate: end }))._id;
}

const invite = (who: Owner, bookingId: string, sitter: TestUser) =>
  call(t, 'POST', `/api/booking/${bookingId}/send-request`, who, { providerId: sitter.id });
const apply = (sitter: TestUser, bookingId: string) =>
  call(t, 'POST', `/api/booking/${bookingId}/send-request`, sitter);
const decide = (
  who: TestUser,
  bookingId: string,
  sitter: TestUser,
  decision: 'accepted' | 'rejected' = 'accepted',
) => call(t, 'PUT', `/api/booking/accept/${bookingId}`, who, { providerId: sitter.id, decision });

/** A booking of `who` accepted by `sitter` (invited on an open booking, then accepting). */
async function acceptedBooking(
  who: Owner,
  sitter: TestUser,
  service: string,
  start: string,
  end: string,
) {
  const id = await openBooking(who, service, start, end);
  expect((await invite(who, id, sitter)).statusCode).toBe(201);
  const res = await decide(sitter, id, sitter);
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

async function block(sitter: TestUser, startDay: number, endDay: number): Promise<string> {
  const res = await call(t, 'POST', '/api/availability/blocks', sitter, {
    startDate: dateOf(startDay),
    endDate: dateOf(endDay),
    note: 'Holiday',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

async function setCalendar(sitter: TestUser, changes: Record<string, unknown>) {
  const res = await call(t, 'PUT', '/api/availability', sitter, changes);
  expect(res.statusCode, res.body).toBe(200);
}

function expectConflict(res: { statusCode: number; body: string }, message: string | RegExp) {
  expect(res.statusCode, res.body).toBe(409);
  const got = (JSON.parse(res.body) as { message: string }).message;
  if (typeof message === 'string') expect(got).toBe(message);
  else expect(got).toMatch(message);
}

async function statusOf(bookingId: string) {
  const row = await t.app.db
    .selectFrom('bookings')
    .select(['status', 'provider_id'])
    .where('id', '=', bookingId)
    .executeTakeFirstOrThrow();
  return row;
}

async function requestStates(bookingId: string) {
  return t.app.db
    .selectFrom('booking_requests')
    .select(['provider_id', 'state'])
    .where('booking_id', '=', bookingId)
    .execute();
}

describe('blocked dates', () => {
  let sam: TestUser;
  const away = () => `Sam is away from ${dayLabel(10)} to ${dayLabel(17)}`;

  beforeAll(async () => {
    sam = await sitterNamed('Sam');
    await block(sam, 10, 17);
  });

  it('refuses a direct request that touches the blocked dates, for any service', async () => {
    expectConflict(await directRequest(owner, sam, 'Boarding', at(9, 18), at(11, 10)), away());
    expectConflict(await directRequest(owner, sam, 'Dog walking', at(17, 22), at(17, 23)), away());
    const none = await t.app.db
      .selectFrom('bookings')
      .select('id')
      .where('provider_id', '=', sam.id)
      .execute();
    expect(none).toEqual([]);
  });

  it('takes a direct request that ends when the blocked dates begin', async () => {
    const res = await directRequest(owner, sam, 'Boarding', at(7, 10), at(10, 0));
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses an invitation by the owner and an application by the sitter', async () => {
    const id = await openBooking(owner, 'Pet sitting', at(12, 9), at(14, 9));
    expectConflict(await invite(owner, id, sam), away());
    expectConflict(await apply(sam, id), `You are away from ${dayLabel(10)} to ${dayLabel(17)}`);
    expect(await requestStates(id)).toEqual([]);
  });

  it("says in the sitter's feed which open bookings their calendar rules out", async () => {
    const ruledOut = await openBooking(other, 'Pet sitting', at(13, 9), at(15, 9));
    const free = await openBooking(other, 'Pet sitting', at(19, 9), at(20, 9));
    const feed = await call(t, 'GET', '/api/booking/?limit=100', sam);
    expect(feed.statusCode, feed.body).toBe(200);
    const listed = new Map(feed.json().data.map((b: { _id: string }) => [b._id, b]));
    expect(listed.get(ruledOut)).toMatchObject({
      cannotApply: {
        reason: 'calendar',
        message: `You are away from ${dayLabel(10)} to ${dayLabel(17)}`,
      },
    });
    expect(listed.get(free)).toBeDefined();
    expect(listed.get(free)).not.toHaveProperty('cannotApply');
    // What the feed says is what applying answers.
    expectConflict(
      await apply(sam, ruledOut),
      `You are away from ${dayLabel(10)} to ${dayLabel(17)}`,
    );
    expect((await apply(sam, free)).statusCode).toBe(201);
  });

  it('refuses accepting, on either side, once the sitter has blocked the dates', async () => {
    const kim = await sitterNamed('Kim');
    const invited = await openBooking(owner, 'Boarding', at(30, 10), at(32, 10));
    const applied = await openBooking(other, 'Dog walking', at(31, 9), at(31, 10));
    expect((await invite(owner, invited, kim)).statusCode).toBe(201);
    expect((await apply(kim, applied)).statusCode).toBe(201);
    const blockId = await block(kim, 31, 31); // pending requests do not stop a block

    const kimAway = `Kim is away on ${dayLabel(31)}`;
    expectConflict(await decide(kim, invited, kim), `You are away on ${dayLabel(31)}`);
    expectConflict(await decide(other, applied, kim), kimAway);
    expect(await statusOf(invited)).toEqual({ status: 'pending', provider_id: null });
    expect(await statusOf(applied)).toEqual({ status: 'pending', provider_id: null });
    expect(await requestStates(invited)).toEqual([{ provider_id: kim.id, state: 'pending' }]);

    const removed = await call(t, 'DELETE', `/api/availability/blocks/${blockId}`, kim);
    expect(removed.statusCode).toBe(200);
    expect((await decide(kim, invited, kim)).statusCode).toBe(200);
    expect((await decide(other, applied, kim)).statusCode).toBe(200);
  });

  it('reports the conflict in the quote without refusing it', async () => {
    const quote = (start: string, end: string) =>
      call(t, 'POST', '/api/booking/quote', owner, {
        provider_id: sam.id,
        service: 'Boarding',
        startDate: start,
        endDate: end,
      });
    const busy = await quote(at(16, 10), at(19, 10));
    expect(busy.statusCode).toBe(200);
    expect(busy.json().data).toMatchObject({ units: 3, available: false, conflict: away() });
    const free = await quote(at(20, 10), at(23, 10));
    expect(free.json().data.available).toBe(true);
    expect(free.json().data).not.toHaveProperty('conflict');
  });
});

describe('weekly schedule (hourly services)', () => {
  let lee: TestUser;

  beforeAll(async () => {
    lee = await sitterNamed('Lee');
    // Monday to Friday, 09:00–17:00 in Bogotá (UTC−5 all year: 14:00–22:00 UTC).
    await setCalendar(lee, {
      timeZone: 'America/Bogota',
      schedule: [1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '17:00' })),
    });
  });

  it('refuses a walk outside the schedule, read in the sitter’s time zone', async () => {
    // Monday 13:00–14:00 UTC is 08:00–09:00 in Bogotá.
    expectConflict(
      await directRequest(owner, lee, 'Dog walking', at(0, 13), at(0, 14)),
      'Lee does not take dog walking on Monday 08:00–09:00 America/Bogota time (outside their weekly schedule)',
    );
    // Saturday 15:00 UTC is 10:00 in Bogotá: no Saturday window at all.
    const id = await openBooking(owner, 'Dog walking', at(5, 15), at(5, 16));
    expectConflict(
      await invite(owner, id, lee),
      'Lee does not take dog walking on Saturday 10:00–11:00 America/Bogota time (outside their weekly schedule)',
    );
    expectConflict(await apply(lee, id), /^You do not take dog walking on Saturday/);
  });

  it('words it to the sitter applying herself, with the booking’s own times', async () => {
    // Thursday 21:23:30–23:23:30 UTC is 16:23:30–18:23:30 in Bogotá: the card reads 16:23–18:23.
    const seconds = 23 * 60_000 + 30_000;
    const start = new Date(Date.parse(at(3, 21)) + seconds).toISOString();
    const end = new Date(Date.parse(at(3, 23)) + seconds).toISOString();
    const id = await openBooking(owner, 'Dog walking', start, end);
    expectConflict(
      await apply(lee, id),
      'You do not take dog walking on Thursday 16:23–18:23 America/Bogota time (outside your weekly hours)',
    );
    expectConflict(
      await invite(owner, id, lee),
      'Lee does not take dog walking on Thursday 16:23–18:23 America/Bogota time (outside their weekly schedule)',
    );
  });

  it('takes a walk inside the schedule and overnight care on any day', async () => {
    // Monday 14:00–16:00 UTC is 09:00–11:00 in Bogotá.
    await acceptedBooking(owner, lee, 'Dog walking', at(0, 14), at(0, 16));
    await acceptedBooking(owner, lee, 'Boarding', at(5, 12), at(7, 12));
  });

  it('refuses accepting a walk once the schedule no longer holds it', async () => {
    const id = await openBooking(other, 'Dog walking', at(2, 20), at(2, 21)); // Wed 15:00 Bogotá
    expect((await apply(lee, id)).statusCode).toBe(201);
    await setCalendar(lee, { schedule: [{ day: 3, start: '09:00', end: '12:00' }] });
    expectConflict(
      await decide(other, id, lee),
      'Lee does not take dog walking on Wednesday 15:00–16:00 America/Bogota time (outside their weekly schedule)',
    );
    await setCalendar(lee, { schedule: [] }); // empty: available at all hours
    expect((await decide(other, id, lee)).statusCode).toBe(200);
  });
});

describe('hourly bookings do not overlap', () => {
  let ana: TestUser;
  let first: string;

  beforeAll(async () => {
    ana = await sitterNamed('Ana');
    first = await acceptedBooking(owner, ana, 'Dog walking', at(3, 10), at(3, 12));
  });

  it('refuses a request, an invitation and an application overlapping an accepted walk', async () => {
    const message = `Ana already has a dog walking booking starting ${clockOf(at(3, 10))}`;
    expectConflict(await directRequest(other, ana, 'Dog walking', at(3, 11), at(3, 13)), message);
    const id = await openBooking(other, 'Dog walking', at(3, 9), at(3, 11));
    expectConflict(await invite(other, id, ana), message);
    expectConflict(await apply(ana, id), message.replace('Ana already has', 'You already have'));
  });

  it('takes a walk that starts when the other ends, and overnight care at the same time', async () => {
    await acceptedBooking(other, ana, 'Dog walking', at(3, 12), at(3, 13));
    await acceptedBooking(other, ana, 'Boarding', at(3, 8), at(4, 8));
  });

  it('lets pending requests overlap; the first accepted wins, the other gets 409', async () => {
    const a = await openBooking(owner, 'Dog walking', at(4, 15), at(4, 16));
    const b = await openBooking(other, 'Dog walking', at(4, 15), at(4, 17));
    expect((await invite(owner, a, ana)).statusCode).toBe(201);
    expect((await apply(ana, b)).statusCode).toBe(201);
    expect((await decide(ana, a, ana)).statusCode).toBe(200);
    expectConflict(
      await decide(other, b, ana),
      `Ana already has a dog walking booking starting ${clockOf(at(4, 15))}`,
    );
    expect(await statusOf(b)).toEqual({ status: 'pending', provider_id: null });
  });

  it('frees the time when the accepted walk is cancelled', async () => {
    const late = await openBooking(other, 'Dog walking', at(3, 11), at(3, 12));
    expectConflict(await apply(ana, late), /^You already have a dog walking booking/);
    const cancel = await call(t, 'PUT', `/api/booking/accept/${first}`, owner, {
      status: 'cancelled',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await apply(ana, late)).statusCode).toBe(201);
    expect((await decide(other, late, ana)).statusCode).toBe(200);
  });
});

describe('overnight capacity', () => {
  let bo: TestUser;

  beforeAll(async () => {
    bo = await sitterNamed('Bo');
    await acceptedBooking(owner, bo, 'Boarding', at(20, 12), at(23, 12));
  });

  it('refuses a second boarding at the same time while the capacity is 1', async () => {
    const full = "Bo's boarding capacity (1) is already taken at that time";
    expectConflict(await directRequest(other, bo, 'Boarding', at(22, 12), at(25, 12)), full);
    const id = await openBooking(other, 'Boarding', at(21, 0), at(21, 12));
    expectConflict(await invite(other, id, bo), full);
    expectConflict(await apply(bo, id), full.replace("Bo's", 'Your'));
  });

  it('takes boarding that starts when the other ends, and another overnight service', async () => {
    await acceptedBooking(other, bo, 'Boarding', at(23, 12), at(25, 12));
    await acceptedBooking(other, bo, 'Pet sitting', at(21, 12), at(22, 12));
  });

  it('with a capacity of 2 takes a second boarding at once and refuses a third', async () => {
    await setCalendar(bo, { capacities: { boarding: 2 } });
    const a = await openBooking(other, 'Boarding', at(21, 18), at(22, 18));
    const b = await openBooking(owner, 'Boarding', at(22, 0), at(24, 0));
    expect((await apply(bo, a)).statusCode).toBe(201);
    expect((await invite(owner, b, bo)).statusCode).toBe(201);
    expect((await decide(other, a, bo)).statusCode).toBe(200);
    const full = "Bo's boarding capacity (2) is already taken at that time";
    expectConflict(await decide(bo, b, bo), full.replace("Bo's", 'Your'));
    expect(await statusOf(b)).toEqual({ status: 'pending', provider_id: null });
    expectConflict(await directRequest(other, bo, 'Boarding', at(22, 6), at(22, 7)), full);
    // Overlaps two accepted boardings, but never both at once: one place is still free.
    await acceptedBooking(owner, bo, 'Boarding', at(22, 20), at(23, 18));
  });
});
