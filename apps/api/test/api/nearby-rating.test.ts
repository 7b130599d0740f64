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
import { getRatingSummaries, refreshDueRatings } from '../../src/modules/reviews/index.ts';

const DAY = 24 * 3600_000;
let t: TestApp;
let owner: Owner;
const sitters: Record<'A' | 'B' | 'C' | 'D' | 'E', TestUser> = {} as never;
let loneBooking: { id: string; completedAt: string };

/** Open booking → sitter applies → owner accepts → start → complete, all through the API. */
async function completedBooking(sitter: TestUser): Promise<{ id: string; completedAt: string }> {
  const b = await postBooking(t, owner);
  const steps = [
    await call(t, 'POST', `/api/booking/${b._id}/send-request`, sitter),
    await call(t, 'PUT', `/api/booking/accept/${b._id}`, owner, {
      providerId: sitter.id,
      decision: 'accepted',
    }),
    await call(t, 'PUT', `/api/booking/accept/${b._id}`, sitter, { status: 'in-progress' }),
    await call(t, 'PUT', `/api/booking/accept/${b._id}`, sitter, { status: 'completed' }),
  ];
  for (const res of steps) expect(res.statusCode, res.body).toBeLessThan(300);
  const row = await t.app.db
    .selectFrom('bookings')
    .select('completed_at')
    .where('id', '=', b._id)
    .executeTakeFirstOrThrow();
  return { id: b._id, completedAt: row.completed_at! };
}

async function review(bookingId: string, author: TestUser, rating: number) {
  const res = await call(t, 'POST', `/api/crud/${bookingId}/Review/create`, author, {
    columns: { rating, comment: `${rating} stars` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { visible: boolean };
}

type Card = { _id: string; rating: { average: number | null; count: number } };
async function allMode(query = 'limit=100'): Promise<Card[]> {
  const res = await call(t, 'GET', `/api/user/nearby?${query}`, owner);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().mode).toBe('all');
  return res.json().nearbyUsers;
}
const names = (cards: Card[]) => {
  const byId = new Map(Object.entries(sitters).map(([k, v]) => [v.id, k]));
  return cards.map((c) => byId.get(c._id) ?? c._id);
};

async function cached(id: string) {
  return t.app.db
    .selectFrom('users')
    .select(['rating_avg', 'rating_count'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app);
  const created = (i: number) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString();
  for (const [i, key] of (['A', 'B', 'C', 'D', 'E'] as const).entries())
    sitters[key] = await createProvider(t.app, undefined, {
      first_name: key,
      created_at: created(i),
    });
}, 60_000);
afterAll(() => closeApp(t));

describe("GET /api/user/nearby, mode 'all': rating, then newest", () => {
  it('lists newest first while nobody is rated', async () => {
    expect(names(await allMode())).toEqual(['E', 'D', 'C', 'B', 'A']);
  });

  it('counts a review only once both parties wrote, and then at once', async () => {
    const b = await completedBooking(sitters.B);
    expect((await review(b.id, owner, 5)).visible).toBe(false);
    expect(await cached(sitters.B.id)).toEqual({ rating_avg: null, rating_count: 0 });
    expect(names(await allMode())).toEqual(['E', 'D', 'C', 'B', 'A']);

    expect((await review(b.id, sitters.B, 3)).visible).toBe(true);
    expect(await cached(sitters.B.id)).toEqual({ rating_avg: 5, rating_count: 1 });
    expect(await cached(owner.id)).toEqual({ rating_avg: 3, rating_count: 1 });
    // Both reviews carry the moment the second one arrived.
    const reviews = await t.app.db
      .selectFrom('reviews')
      .select(['created_at', 'visible_at'])
      .where('booking_id', '=', b.id)
      .orderBy('created_at')
      .execute();
    expect(reviews[0]!.visible_at).toBe(reviews[1]!.visible_at);
    expect(reviews[0]!.visible_at! >= reviews[1]!.created_at).toBe(true);

    const cards = await allMode();
    expect(names(cards)).toEqual(['B', 'E', 'D', 'C', 'A']);
    expect(cards[0]!.rating).toEqual({ average: 5, count: 1 });
    expect(cards[1]!.rating).toEqual({ average: null, count: 0 });
  });

  it('orders by average, ties newest first, unrated last newest first, across pages', async () => {
    for (const [key, rating] of [
      ['A', 4],
      ['D', 4],
      ['D', 5],
    ] as const) {
      const b = await completedBooking(sitters[key]);
      await review(b.id, sitters[key], 5);
      await review(b.id, owner, rating);
    }
    // D: (4 + 5) / 2 = 4.5; A: 4; B: 5.
    expect(await cached(sitters.D.id)).toEqual({ rating_avg: 4.5, rating_count: 2 });
    expect(names(await allMode())).toEqual(['B', 'D', 'A', 'E', 'C']);
    expect(names(await allMode('page=2&limit=2'))).toEqual(['A', 'E']);
    const third = await call(t, 'GET', '/api/user/nearby?page=3&limit=2', owner);
    expect(third.json()).toMatchObject({ total: 5, totalPages: 3, hasMore: false });
    expect(names(third.json().nearbyUsers)).toEqual(['C']);
    // The cache says what the live summary says.
    const live = await getRatingSummaries(
      t.app.db,
      Object.values(sitters).map((s) => s.id),
    );
    for (const s of Object.values(sitters)) {
      const c = await cached(s.id);
      expect({ average: c.rating_avg, count: c.rating_count }).toEqual(live.get(s.id));
    }
  });

  it('leaves a lone review out until its blind window ends, then refreshDueRatings counts it', async () => {
    loneBooking = await completedBooking(sitters.E);
    expect((await review(loneBooking.id, owner, 5)).visible).toBe(false);
    expect(names(await allMode())).toEqual(['B', 'D', 'A', 'E', 'C']);
    const blindEnd = Date.parse(loneBooking.completedAt) + 14 * DAY;

    // A run before the window ends refreshes the pairs revealed so far (already counted at
    // once; recomputing them is idempotent) and leaves the lone review out.
    const early = await refreshDueRatings(t.app.db, new Date(blindEnd - 60_000));
    expect(early?.subjects).toBe(4); // A, B, D and the owner
    expect(await cached(sitters.E.id)).toEqual({ rating_avg: null, rating_count: 0 });

    const due = await refreshDueRatings(t.app.db, new Date(blindEnd + 60_000));
    expect(due).toMatchObject({ from: early!.to, subjects: 1 });
    expect(await cached(sitters.E.id)).toEqual({ rating_avg: 5, rating_count: 1 });
    // E ties with B at 5.0 and is newer.
    const cards = await allMode();
    expect(names(cards)).toEqual(['E', 'B', 'D', 'A', 'C']);
    expect(cards[0]!.rating).toEqual({ average: 5, count: 1 });

    // The window is claimed: the same or an earlier `now` does nothing.
    expect(await refreshDueRatings(t.app.db, new Date(blindEnd + 60_000))).toBeNull();
    expect(await refreshDueRatings(t.app.db, new Date(blindEnd))).toBeNull();
  });

  it('takes no lone review after the blind window (reviewing has closed): nothing is counted', async () => {
    const b = await completedBooking(sitters.C);
    await t.app.db
      .updateTable('bookings')
      .set({ completed_at: new Date(Date.now() - 15 * DAY).toISOString() })
      .where('id', '=', b.id)
      .execute();
    const before = await cached(sitters.C.id);
    const order = names(await allMode());
    const res = await call(t, 'POST', `/api/crud/${b.id}/Review/create`, owner, {
      columns: { rating: 4, comment: '4 stars' },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(await cached(sitters.C.id)).toEqual(before);
    expect(names(await allMode())).toEqual(order);
  });

  it('reveals a pair written at the same instant by both parties', async () => {
    const b = await completedBooking(sitters.A);
    await Promise.all([review(b.id, owner, 5), review(b.id, sitters.A, 5)]);
    const rows = await t.app.db
      .selectFrom('reviews')
      .select('visible_at')
      .where('booking_id', '=', b.id)
      .execute();
    const now = new Date().toISOString();
    expect(rows.every((r) => r.visible_at! <= now)).toBe(true);
    // A: (4 + 5) / 2 = 4.5, tied with D, which is newer.
    expect(await cached(sitters.A.id)).toEqual({ rating_avg: 4.5, rating_count: 2 });
    expect(names(await allMode())).toEqual(['E', 'B', 'D', 'A', 'C']);
  });
});

describe('rating refresh timer', () => {
  it('is off in tests by default, and an app running it closes without waiting for it', async () => {
    expect(t.app.config.ratingRefreshMinutes).toBe(0);
    const other = await createTestApp({ RATING_REFRESH_MINUTES: '10' });
    expect(other.app.config.ratingRefreshMinutes).toBe(10);
    const started = Date.now();
    await closeApp(other);
    // The timer's period is 10 minutes: closing must not wait for it. The bound only tells the two
    // apart (dropping a PostgreSQL test database can take seconds on a busy machine).
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 90_000);
});
