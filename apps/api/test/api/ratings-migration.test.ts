import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/index.ts';
import { newId } from '../../src/lib/ids.ts';
import { seedDemoData } from '../../src/seed/index.ts';
import { getRatingSummaries, refreshDueRatings } from '../../src/modules/reviews/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { migrateBackTo } from '../helpers/migrations.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { closeApp } from '../helpers/booking-fixtures.ts';

const DAY = 24 * 3600_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const BEFORE = '2026-11-21T06-10-03-provider-stats';

let t: TestApp;
let owner: TestUser;
const p: TestUser[] = [];
const bookings: Record<string, string> = {};

async function completedBooking(provider: TestUser, completedDaysAgo: number) {
  const id = newId();
  const completed = ago(completedDaysAgo);
  await t.app.db
    .insertInto('bookings')
    .values({
      id,
      owner_id: owner.id,
      provider_id: provider.id,
      service: 'Dog walking',
      pets: '[]',
      start_at: ago(completedDaysAgo + 1),
      end_at: completed,
      notes: '',
      status: 'completed',
      units: null,
      rate_cents: null,
      price_cents: null,
      currency: null,
      credits_applied: 0,
      credits_refunded: 0,
      cancelled_by: null,
      completed_at: completed,
      created_at: ago(completedDaysAgo + 2),
      updated_at: completed,
    })
    .execute();
  return id;
}

/** A review row as the code before the migration wrote it (no visible_at column yet). */
async function oldReview(
  bookingId: string,
  author: string,
  subject: string,
  rating: number,
  daysAgo: number,
) {
  await t.app.db
    .insertInto('reviews')
    .values({
      id: newId(),
      booking_id: bookingId,
      author_id: author,
      subject_id: subject,
      rating,
      comment: '',
      created_at: ago(daysAgo),
    })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  await migrateBackTo(t.app.db, BEFORE);
  owner = await createUser(t.app);
  for (let i = 0; i < 3; i++)
    p.push(await createUser(t.app, { user_type: 'provider', first_name: `P${i}` }));
  // p0: two pairs; p1: a lone review past its blind window; p2: a lone review still hidden.
  bookings.pair = await completedBooking(p[0]!, 30);
  await oldReview(bookings.pair, owner.id, p[0]!.id, 5, 29);
  await oldReview(bookings.pair, p[0]!.id, owner.id, 4, 28);
  bookings.pair2 = await completedBooking(p[0]!, 3);
  await oldReview(bookings.pair2, owner.id, p[0]!.id, 4, 2);
  await oldReview(bookings.pair2, p[0]!.id, owner.id, 5, 1);
  bookings.lonePast = await completedBooking(p[1]!, 20);
  await oldReview(bookings.lonePast, owner.id, p[1]!.id, 3, 19);
  bookings.loneHidden = await completedBooking(p[2]!, 2);
  await oldReview(bookings.loneHidden, owner.id, p[2]!.id, 4, 1);
  await migrateToLatest(t.app.db);
}, 60_000);
afterAll(() => closeApp(t));

describe('cached-ratings migration backfill', () => {
  it('sets visible_at: second review of a pair, else completion + 14 days', async () => {
    const rows = await t.app.db
      .selectFrom('reviews as r')
      .innerJoin('bookings as b', 'b.id', 'r.booking_id')
      .select(['r.booking_id', 'r.created_at', 'r.visible_at', 'b.completed_at'])
      .execute();
    const of = (id: string) => rows.filter((r) => r.booking_id === id);
    const blindEnd = (r: { completed_at: string | null }) =>
      new Date(Date.parse(r.completed_at!) + 14 * DAY).toISOString();
    for (const id of [bookings.pair!, bookings.pair2!]) {
      const later = of(id)
        .map((r) => r.created_at)
        .sort()
        .at(-1);
      expect(of(id).map((r) => r.visible_at)).toEqual([later, later]);
    }
    for (const id of [bookings.lonePast!, bookings.loneHidden!])
      expect(of(id)[0]!.visible_at).toBe(blindEnd(of(id)[0]!));
  });

  it('fills the rating cache with what the live summary says', async () => {
    const users = await t.app.db
      .selectFrom('users')
      .select(['id', 'rating_avg', 'rating_count'])
      .execute();
    const live = await getRatingSummaries(
      t.app.db,
      users.map((u) => u.id),
    );
    for (const u of users)
      expect({ average: u.rating_avg, count: u.rating_count }).toEqual(live.get(u.id));
    const byId = new Map(users.map((u) => [u.id, u]));
    expect(byId.get(p[0]!.id)).toMatchObject({ rating_avg: 4.5, rating_count: 2 });
    expect(byId.get(p[1]!.id)).toMatchObject({ rating_avg: 3, rating_count: 1 });
    expect(byId.get(p[2]!.id)).toMatchObject({ rating_avg: null, rating_count: 0 });
    expect(byId.get(owner.id)).toMatchObject({ rating_avg: 4.5, rating_count: 2 });
  });

  it('orders the nearby list with the backfilled values, and the refresh picks up the rest', async () => {
    const list = async () => {
      const res = await t.call({ method: 'GET', url: '/api/user/nearby', token: owner.token });
      return res.json().nearbyUsers.map((u: { firstName: string }) => u.firstName);
    };
    expect(await list()).toEqual(['P0', 'P1', 'P2']);
    const hidden = await t.app.db
      .selectFrom('reviews')
      .select('visible_at')
      .where('booking_id', '=', bookings.loneHidden!)
      .executeTakeFirstOrThrow();
    const due = await refreshDueRatings(
      t.app.db,
      new Date(Date.parse(hidden.visible_at!) + 60_000),
    );
    expect(due?.subjects).toBe(1);
    expect(await list()).toEqual(['P0', 'P2', 'P1']);
    const p2 = await t.app.db
      .selectFrom('users')
      .select(['rating_avg', 'rating_count'])
      .where('id', '=', p[2]!.id)
      .executeTakeFirstOrThrow();
    expect(p2).toEqual({ rating_avg: 4, rating_count: 1 });
  });
});

describe('demo seed', () => {
  it('writes visible_at and the rating cache like the API does', async () => {
    const demo = await createTestApp();
    try {
      await seedDemoData(demo.app);
      const reviews = await demo.app.db.selectFrom('reviews').select('visible_at').execute();
      expect(reviews.length).toBeGreaterThan(0);
      expect(reviews.every((r) => r.visible_at !== null)).toBe(true);
      const users = await demo.app.db
        .selectFrom('users')
        .select(['id', 'email', 'rating_avg', 'rating_count'])
        .execute();
      const live = await getRatingSummaries(
        demo.app.db,
        users.map((u) => u.id),
      );
      for (const u of users)
        expect({ average: u.rating_avg, count: u.rating_count }).toEqual(live.get(u.id));
      const rated = users.filter((u) => u.rating_count > 0).map((u) => u.email.split('@')[0]);
      expect(rated.sort()).toEqual(['leo', 'olivia', 'sam']);
    } finally {
      await closeApp(demo);
    }
  });
});
