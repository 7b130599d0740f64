import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCalendar, zonedToUtc } from '../../src/modules/availability/index.ts';
import { getPublicCalendar } from '../../src/modules/availability/sitter-calendar.service.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { captureQueries } from '../helpers/queries.ts';
import {
  call,
  closeApp,
  createOwner,
  createProvider,
  postBooking,
  type Owner,
} from '../helpers/booking-fixtures.ts';

let t: TestApp;
let owner: Owner;

const DAY = 86_400_000;
/** The UTC date `n` days from now (a calendar without a row is in UTC). */
const day = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

const sitter = (services: string[] = ['dog-walking', 'boarding']) =>
  createProvider(t.app, undefined, { primary_services: JSON.stringify(services) });

/** A booking of `provider` the provider has accepted, [start, end) given as instants. */
async function acceptedBooking(
  provider: TestUser,
  start: Date,
  end: Date,
  service = 'Dog walking',
) {
  const b = await postBooking(t, owner, {
    provider_id: provider.id,
    service,
    startDate: start.toISOString(),
    endDate: end.toISOString(),
  });
  const res = await call(t, 'PUT', `/api/booking/accept/${b._id}`, provider, {
    providerId: provider.id,
    decision: 'accepted',
  });
  expect(res.statusCode, res.body).toBe(200);
  return b._id;
}

const getMine = async (who: TestUser) => {
  const res = await call(t, 'GET', '/api/availability', who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const putMine = (who: TestUser, body: unknown) => call(t, 'PUT', '/api/availability', who, body);
const block = (who: TestUser, body: unknown) =>
  call(t, 'POST', '/api/availability/blocks', who, body);

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app);
}, 30_000);
afterAll(() => closeApp(t));

describe('GET /api/availability', () => {
  it('starts with the defaults: UTC, all hours, capacity 1, nothing blocked', async () => {
    const s = await sitter();
    const cal = await getMine(s);
    expect(cal).toEqual({
      userId: s.id,
      timeZone: 'UTC',
      schedule: [],
      capacities: {},
      blocks: [],
      nextFreeDates: [day(0), day(1), day(2), day(3), day(4)],
    });
  });
});

describe('reading a calendar', () => {
  it('reads the sitter_calendars row once, for the own and the public view alike', async () => {
    const p = await sitter();
    expect((await putMine(p, { timeZone: 'Europe/Lisbon' })).statusCode).toBe(200);
    for (const read of [getCalendar, getPublicCalendar]) {
      let view: { timeZone: string; nextFreeDates: string[] } | undefined;
      const queries = await captureQueries(t.app.db, async (db) => {
        view = await read(db, p.id);
      });
      expect(queries.filter((q) => /from "?sitter_calendars"?/.test(q.sql))).toHaveLength(1);
      expect(view?.timeZone).toBe('Europe/Lisbon');
      expect(view?.nextFreeDates.length).toBeGreaterThan(0);
    }
  });
});

describe('PUT /api/availability', () => {
  it('round-trips the schedule as entered, normalises capacity keys, keeps fields left out', async () => {
    const s = await sitter();
    const schedule = [
      { day: 1, start: '07:00', end: '19:00' },
      { day: 5, start: '22:00', end: '02:00' },
      { day: 6, start: '00:00', end: '00:00' },
    ];
    const res = await putMine(s, {
      timeZone: 'America/Chicago',
      schedule,
      capacities: { Boarding: 2 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      timeZone: 'America/Chicago',
      schedule,
      capacities: { boarding: 2 },
    });
    const again = await putMine(s, { capacities: { 'house-sitting': 3 } });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({
      timeZone: 'America/Chicago',
      schedule,
      capacities: { 'house-sitting': 3 },
    });
    expect((await getMine(s)).schedule).toEqual(schedule);
    const cleared = await putMine(s, { schedule: [] });
    expect(cleared.json().data).toMatchObject({ schedule: [], timeZone: 'America/Chicago' });
  });

  it('next free dates follow the schedule for hourly services the sitter lists', async () => {
    const walker = await sitter(['Dog walking']);
    const weekday = weekdayOf(day(2));
    await putMine(walker, { schedule: [{ day: weekday, start: '09:00', end: '12:00' }] });
    const dates = (await getMine(walker)).nextFreeDates as string[];
    expect(dates).toHaveLength(5);
    expect(dates[0]).toBe(day(2));
    expect(new Set(dates.map(weekdayOf))).toEqual(new Set([weekday]));

    // The card shows the weekly hours beside the dates: a day shown "Not available" is never
    // listed as free, for overnight care either (it was, for a boarder, until 2026-12-05).
    const boarder = await sitter(['Dog walking', 'boarding']);
    await putMine(boarder, { schedule: [{ day: weekday, start: '09:00', end: '12:00' }] });
    const boarderDates = (await getMine(boarder)).nextFreeDates as string[];
    expect(boarderDates[0]).toBe(day(2));
    expect(new Set(boarderDates.map(weekdayOf))).toEqual(new Set([weekday]));
  });

  it('a new time zone keeps the local dates of blocks', async () => {
    const s = await sitter();
    const made = await block(s, { startDate: day(5), endDate: day(7), note: 'Wedding' });
    expect(made.statusCode, made.body).toBe(201);
    const res = await putMine(s, { timeZone: 'Asia/Kolkata' });
    expect(res.statusCode, res.body).toBe(200);
    const id = made.json().data._id;
    expect(res.json().data.blocks).toEqual([
      { _id: id, id, startDate: day(5), endDate: day(7), note: 'Wedding' },
    ]);
    const row = await t.app.db
      .selectFrom('sitter_blocks')
      .select(['start_at', 'end_at'])
      .where('id', '=', made.json().data.id)
      .executeTakeFirstOrThrow();
    expect(row.start_at).toBe(zonedToUtc(day(5), 0, 'Asia/Kolkata').toISOString());
    expect(row.end_at).toBe(zonedToUtc(day(8), 0, 'Asia/Kolkata').toISOString());
  });

  it('refuses a time zone that would move a block over an accepted booking', async () => {
    const s = await sitter();
    expect((await block(s, { startDate: day(5), endDate: day(6) })).statusCode).toBe(201);
    // 01:00–02:00 UTC the day after the block: inside it once the block is Los Angeles time.
    const start = new Date(`${day(7)}T01:00:00Z`);
    const bookingId = await acceptedBooking(s, start, new Date(start.getTime() + 3_600_000));
    const res = await putMine(s, { timeZone: 'America/Los_Angeles' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().bookings.map((b: { id: string }) => b.id)).toEqual([bookingId]);
    expect((await getMine(s)).timeZone).toBe('UTC');
    expect((await putMine(s, { timeZone: 'Asia/Tokyo' })).statusCode).toBe(200);
  });
});

describe('POST and DELETE /api/availability/blocks', () => {
  it('blocks dates, skips them in next free dates, and removes them', async () => {
    const s = await sitter();
    const res = await block(s, { startDate: day(1), endDate: day(2), note: '  Holiday ' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toEqual({
      _id: expect.any(String),
      id: created._id,
      startDate: day(1),
      endDate: day(2),
      note: 'Holiday',
    });
    const cal = await getMine(s);
    expect(cal.blocks).toEqual([created]);
    expect(cal.nextFreeDates).toEqual([day(0), day(3), day(4), day(5), day(6)]);

    const del = await call(t, 'DELETE', `/api/availability/blocks/${created.id}`, s);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toEqual({ success: true, message: expect.any(String), data: created });
    expect((await getMine(s)).blocks).toEqual([]);
    const again = await call(t, 'DELETE', `/api/availability/blocks/${created.id}`, s);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toEqual(expect.any(String));
  });

  it('another sitter cannot remove a block that is not theirs', async () => {
    const a = await sitter();
    const b = await sitter();
    const made = (await block(a, { startDate: day(3), endDate: day(3) })).json().data;
    const res = await call(t, 'DELETE', `/api/availability/blocks/${made.id}`, b);
    expect(res.statusCode).toBe(404);
    expect((await getMine(a)).blocks).toHaveLength(1);
  });

  it('is refused with the bookings to settle first when accepted bookings fall on those dates', async () => {
    const s = await sitter();
    const start = new Date(`${day(4)}T10:00:00Z`);
    const bookingId = await acceptedBooking(s, start, new Date(start.getTime() + 2 * 3_600_000));
    // A pending request does not occupy the calendar.
    await postBooking(t, owner, {
      provider_id: s.id,
      startDate: new Date(`${day(6)}T10:00:00Z`).toISOString(),
      endDate: new Date(`${day(6)}T11:00:00Z`).toISOString(),
    });
    const res = await block(s, { startDate: day(3), endDate: day(6) });
    expect(res.statusCode, res.body).toBe(409);
    const body = res.json();
    expect(body.message).toMatch(/1 accepted booking falls on these dates/);
    expect(body.bookings).toEqual([
      {
        _id: bookingId,
        id: bookingId,
        service: 'dog-walking',
        startAt: start.toISOString(),
        endAt: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
        status: 'accepted',
      },
    ]);
    expect((await getMine(s)).blocks).toEqual([]);
    // The days around it are fine.
    expect((await block(s, { startDate: day(5), endDate: day(6) })).statusCode).toBe(201);
  });

  it('a block and the acceptance of a booking on those dates never both succeed', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const s = await sitter();
        const start = new Date(`${day(5 + i)}T12:00:00Z`);
        const b = await postBooking(t, owner, {
          provider_id: s.id,
          startDate: start.toISOString(),
          endDate: new Date(start.getTime() + 3_600_000).toISOString(),
        });
        const [accept, blocked] = await Promise.all([
          call(t, 'PUT', `/api/booking/accept/${b._id}`, s, {
            providerId: s.id,
            decision: 'accepted',
          }),
          block(s, { startDate: day(5 + i), endDate: day(5 + i) }),
        ]);
        return [accept.statusCode, blocked.statusCode].join('/');
      }),
    );
    for (const o of outcomes) expect(['200/409', '409/201']).toContain(o);
  });

  it('keeps at most 100 blocked ranges', async () => {
    const s = await sitter();
    for (let i = 0; i < 100; i++)
      expect((await block(s, { startDate: day(i + 1), endDate: day(i + 1) })).statusCode).toBe(201);
    const res = await block(s, { startDate: day(200), endDate: day(200) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/At most 100/);
  }, 30_000);
});

describe('GET /api/availability/{userId}', () => {
  it('shows any signed-in user a live sitter’s schedule and next free dates, nothing private', async () => {
    const s = await sitter();
    await putMine(s, {
      timeZone: 'Europe/London',
      schedule: [{ day: 1, start: '08:00', end: '12:00' }],
      capacities: { boarding: 3 },
    });
    await block(s, { startDate: day(10), endDate: day(11), note: 'Secret trip' });
    const res = await call(t, 'GET', `/api/availability/${s.id}`, owner);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(Object.keys(data).sort()).toEqual(['nextFreeDates', 'schedule', 'timeZone', 'userId']);
    expect(data).toMatchObject({
      userId: s.id,
      timeZone: 'Europe/London',
      schedule: [{ day: 1, start: '08:00', end: '12:00' }],
    });
    expect(res.body).not.toContain('Secret trip');
  });

  it('404 for owners, admins, deleted sitters and unknown ids', async () => {
    const admin = await createUser(t.app, { user_type: 'admin' });
    const gone = await createProvider(t.app, undefined, { deleted_at: new Date().toISOString() });
    for (const id of [owner.id, admin.id, gone.id, 'a'.repeat(24)]) {
      const res = await call(t, 'GET', `/api/availability/${id}`, owner);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});

describe('the sitter page shows next free dates', () => {
  it('for providers (over their listed services), not for owners', async () => {
    const s = await sitter(['dog walking']);
    await block(s, { startDate: day(0), endDate: day(1) });
    const page = await call(t, 'GET', `/api/user/${s.id}`, owner);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.nextFreeDates).toEqual([day(2), day(3), day(4), day(5), day(6)]);
    const ownerPage = await call(t, 'GET', `/api/user/${owner.id}`, owner);
    expect(ownerPage.statusCode, ownerPage.body).toBe(200);
    expect(ownerPage.json().data.nextFreeDates).toBeUndefined();
  });
});

describe('bad input gets a 4xx with a message', () => {
  let s: TestUser;
  beforeAll(async () => {
    s = await sitter();
  });
  const expect4xx = async (res: { statusCode: number; json: () => { message?: unknown } }) => {
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(typeof res.json().message).toBe('string');
  };
  const tooMany = Array.from({ length: 29 }, (_, i) => ({
    day: i % 7,
    start: '08:00',
    end: '09:00',
  }));

  it.each([
    ['wrong types', { timeZone: 5 }],
    ['schedule not a list', { schedule: 'mornings' }],
    ['nothing to change', {}],
    ['unknown time zone', { timeZone: 'Mars/Olympus_Mons' }],
    ['huge time zone', { timeZone: 'A'.repeat(100_000) }],
    ['day out of range', { schedule: [{ day: 7, start: '08:00', end: '09:00' }] }],
    ['bad time', { schedule: [{ day: 1, start: '25:00', end: '09:00' }] }],
    ['empty window', { schedule: [{ day: 1, start: '09:00', end: '09:00' }] }],
    ['window starting at 24:00', { schedule: [{ day: 1, start: '24:00', end: '02:00' }] }],
    ['too many windows', { schedule: tooMany }],
    ['capacity for an hourly service', { capacities: { 'dog-walking': 2 } }],
    ['capacity too large', { capacities: { boarding: 11 } }],
    ['capacity zero', { capacities: { boarding: 0 } }],
    ['capacity not whole', { capacities: { boarding: 1.5 } }],
  ])('PUT: %s → 400', async (_label, body) => {
    const res = await putMine(s, body);
    await expect4xx(res);
    expect(res.statusCode).toBe(400);
  });

  it.each([
    ['america/chicago', 'America/Chicago'],
    ['utc', 'UTC'],
    // Known names outside the list stay as sent (never turned into an older canonical name).
    ['US/Eastern', 'US/Eastern'],
    ['Asia/Kolkata', 'Asia/Kolkata'],
  ])('PUT: time zone %j is kept as %j (the listed spelling)', async (typed, stored) => {
    const res = await putMine(s, { timeZone: typed });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.timeZone).toBe(stored);
  });

  it('refuses a window that ends as it starts, naming its day', async () => {
    const res = await putMine(s, { schedule: [{ day: 2, start: '10:00', end: '10:00' }] });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'schedule.0.end', message: 'Tuesday: a window must end after it starts' },
    ]);
  });

  it('refuses hours of one day that overlap, naming the window; takes windows that touch or spill into the next day', async () => {
    const twice = await putMine(s, {
      schedule: [
        { day: 1, start: '09:00', end: '17:00' },
        { day: 1, start: '09:00', end: '17:00' },
      ],
    });
    expect(twice.statusCode, twice.body).toBe(400);
    expect(twice.json().errors).toEqual([
      { path: 'schedule.1', message: 'These hours overlap Monday 09:00–17:00' },
    ]);
    const partly = await putMine(s, {
      schedule: [
        { day: 3, start: '08:00', end: '12:00' },
        { day: 3, start: '11:00', end: '13:00' },
      ],
    });
    expect(partly.statusCode, partly.body).toBe(400);
    expect(partly.json().errors[0].message).toBe('These hours overlap Wednesday 08:00–12:00');
    const touching = await putMine(s, {
      schedule: [
        { day: 1, start: '09:00', end: '12:00' },
        { day: 1, start: '12:00', end: '17:00' },
        { day: 5, start: '22:00', end: '02:00' },
        { day: 6, start: '00:00', end: '00:00' },
      ],
    });
    expect(touching.statusCode, touching.body).toBe(200);
  });

  it.each([
    ['missing dates', {}],
    ['wrong types', { startDate: 20260601, endDate: true }],
    ['not a date', { startDate: 'tomorrow', endDate: day(3) }],
    ['no such day', { startDate: '2027-02-30', endDate: '2027-03-02' }],
    ['date-time instead of date', { startDate: `${day(3)}T00:00:00Z`, endDate: day(4) }],
    ['endDate before startDate', { startDate: day(5), endDate: day(4) }],
    ['more than 366 days', { startDate: day(1), endDate: day(367) }],
    ['in the past', { startDate: day(-10), endDate: day(-2) }],
    ['too far ahead', { startDate: day(800), endDate: day(801) }],
    ['huge note', { startDate: day(1), endDate: day(2), note: 'x'.repeat(201) }],
    ['huge string', { startDate: 'x'.repeat(200_000), endDate: day(2) }],
  ])('POST blocks: %s → 4xx', async (_label, body) => {
    await expect4xx(await block(s, body));
  });

  it("strips unknown keys: a block names no other sitter, a calendar takes no one's role", async () => {
    const other = 'a'.repeat(24);
    const res = await block(s, { startDate: day(20), endDate: day(21), userId: other });
    expect(res.statusCode, res.body).toBe(201);
    const owners = await t.app.db
      .selectFrom('sitter_blocks')
      .select('user_id')
      .where('id', '=', res.json().data.id)
      .execute();
    expect(owners).toEqual([{ user_id: s.id }]);
    const put = await putMine(s, { timeZone: 'UTC', isAdmin: true });
    expect(put.statusCode, put.body).toBe(200);
  });

  it('366 days is the longest block', async () => {
    expect((await block(s, { startDate: day(1), endDate: day(366) })).statusCode).toBe(201);
  });

  it('bad ids in paths, and a body that is not JSON', async () => {
    await expect4xx(await call(t, 'DELETE', '/api/availability/blocks/not-an-id', s));
    await expect4xx(await call(t, 'GET', `/api/availability/${'z'.repeat(5000)}`, s));
    await expect4xx(
      await t.call({
        method: 'PUT',
        url: '/api/availability',
        token: s.token,
        headers: { 'content-type': 'application/json' },
        payload: '{"timeZone":',
      }),
    );
    await expect4xx(
      await t.call({
        method: 'POST',
        url: '/api/availability/blocks',
        token: s.token,
        headers: { 'content-type': 'application/json' },
        payload: '[]',
      }),
    );
  });
});
