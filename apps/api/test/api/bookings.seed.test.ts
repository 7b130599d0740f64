import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { openSession } from '../helpers/factories.ts';
import { closeApp } from '../helpers/booking-fixtures.ts';
import { seedDemoData } from '../../src/seed/index.ts';
import { getRatingSummaries } from '../../src/modules/reviews/index.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.app);
}, 60_000);
afterAll(() => closeApp(t));

describe('demo bookings', () => {
  it('has bookings in every state, requests, check-ins, reviews and credits', async () => {
    const statuses = await t.app.db.selectFrom('bookings').select('status').distinct().execute();
    expect(statuses.map((s) => s.status).sort()).toEqual(
      ['accepted', 'cancelled', 'completed', 'in-progress', 'pending'].sort(),
    );
    const checkIns = await t.app.db
      .selectFrom('booking_events')
      .select('id')
      .where('type', '=', 'check-in')
      .execute();
    expect(checkIns.length).toBeGreaterThan(0);
    const pending = await t.app.db
      .selectFrom('booking_requests')
      .select('id')
      .where('state', '=', 'pending')
      .execute();
    expect(pending.length).toBeGreaterThanOrEqual(2);
    const sam = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'sam@pawsy.test')
      .executeTakeFirstOrThrow();
    expect((await getRatingSummaries(t.app.db, [sam.id])).get(sam.id)).toEqual({
      average: 5,
      count: 1,
    });
  });

  it('serves the demo data through the API', async () => {
    const olivia = await t.app.db
      .selectFrom('users')
      .select(['id', 'email', 'user_type'])
      .where('email', '=', 'olivia@pawsy.test')
      .executeTakeFirstOrThrow();
    const token = await openSession(t.app, olivia);
    const mine = await t.call({ method: 'GET', url: '/api/booking/user', token });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().total).toBeGreaterThanOrEqual(3);
    const credits = await t.call({
      method: 'GET',
      url: `/api/userCredit/user-credits/${olivia.id}`,
      token,
    });
    // 5000 welcome credits and 1000 included in her Starter subscription (the billing seed).
    expect(credits.json().data.balance).toBe(6000);
    const completed = mine.json().data.find((b: { status: string }) => b.status === 'completed');
    const detail = await t.call({ method: 'GET', url: `/api/booking/${completed._id}`, token });
    expect(detail.json().reviews).toHaveLength(2);
  });
});
