import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sitterConflict } from '../../src/modules/availability/index.ts';
import { seedDemoData } from '../../src/seed/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { openSession } from '../helpers/factories.ts';
import { closeApp } from '../helpers/booking-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.app);
}, 60_000);
afterAll(() => closeApp(t));

const userByKey = (key: string) =>
  t.app.db
    .selectFrom('users')
    .select(['id', 'email', 'user_type'])
    .where('email', '=', `${key}@pawsy.test`)
    .executeTakeFirstOrThrow();
const calendarOf = async (key: string) => {
  const user = await userByKey(key);
  const res = await t.call({
    method: 'GET',
    url: '/api/availability',
    token: await openSession(t.app, user),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('demo sitter calendars', () => {
  it('give every demo sitter their city’s time zone', async () => {
    const zones: Record<string, string> = {
      sam: 'America/Chicago',
      maya: 'America/Chicago',
      leo: 'America/Denver',
      hannah: 'America/Denver',
      jade: 'America/Los_Angeles',
      omar: 'America/Los_Angeles',
      nora: 'America/Los_Angeles',
      ethan: 'America/Los_Angeles',
    };
    for (const [key, zone] of Object.entries(zones))
      expect((await calendarOf(key)).timeZone, key).toBe(zone);
  });

  it('have weekly schedules, capacities and holidays in the coming weeks', async () => {
    const sam = await calendarOf('sam');
    expect(sam.schedule).toEqual([]);
    expect(sam.capacities).toMatchObject({ boarding: 2 });
    const leo = await calendarOf('leo');
    expect(leo.schedule).toContainEqual({ day: 1, start: '06:30', end: '09:30' });
    expect((await calendarOf('leo')).capacities).toEqual({ boarding: 3 });
    const today = new Date().toISOString().slice(0, 10);
    for (const key of ['maya', 'nora']) {
      const { blocks, nextFreeDates } = await calendarOf(key);
      expect(blocks, key).toHaveLength(1);
      expect(blocks[0].startDate > today).toBe(true);
      expect(blocks[0].note).not.toBe('');
      expect(nextFreeDates.length).toBe(5);
    }
  });

  it('agree with every accepted and in-progress demo booking (no holiday or schedule over one)', async () => {
    const occupying = await t.app.db
      .selectFrom('bookings')
      .select(['id', 'provider_id', 'service', 'start_at', 'end_at'])
      .where('status', 'in', ['accepted', 'in-progress'])
      .where('end_at', '>', new Date().toISOString())
      .execute();
    expect(occupying.length).toBeGreaterThan(0);
    for (const b of occupying) {
      const range = { start: new Date(b.start_at), end: new Date(b.end_at) };
      const found = await sitterConflict(t.app.db, b.provider_id!, b.service, range, b.id);
      expect(found, `${b.service} ${b.start_at}`).toBeNull();
    }
  });

  it('show a sitter’s next free dates on their public page', async () => {
    const olivia = await userByKey('olivia');
    const nora = await userByKey('nora');
    const res = await t.call({
      method: 'GET',
      url: `/api/user/${nora.id}`,
      token: await openSession(t.app, olivia),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.nextFreeDates).toHaveLength(5);
  });
});
