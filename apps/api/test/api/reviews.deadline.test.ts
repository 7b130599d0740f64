import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { travelTo } from '../helpers/clock.ts';
import { acceptedSeries } from '../helpers/series-fixtures.ts';
import type { TestUser } from '../helpers/factories.ts';
import {
  call,
  closeApp,
  ownerAndSitter,
  postBooking,
  type Owner,
} from '../helpers/booking-fixtures.ts';

/**
 * Reviewing closes when the double-blind window ends (14 days after completion), so nobody reads
 * the other party's review, shown by then, and answers it with a review of their own. For a
 * weekly series the window of the pair ends when the other party's review of it is shown.
 */
const DAY = 86_400_000;

let t: TestApp;
let owner: Owner;
let sitter: TestUser;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
beforeEach(async () => {
  ({ owner, sitter } = await ownerAndSitter(t.app));
});
afterAll(() => closeApp(t));
afterEach(() => {
  vi.useRealTimers();
});

const move = async (id: string, status: string) => {
  const res = await call(t, 'PUT', `/api/booking/accept/${id}`, sitter, { status });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { timeline: { type: string; at: string }[] };
};

/** Starts and completes booking `id`; when it was completed. */
async function complete(id: string): Promise<number> {
  await move(id, 'in-progress');
  const done = await move(id, 'completed');
  return Date.parse(done.timeline.find((e) => e.type === 'completed')!.at);
}

/** A direct walk, accepted and completed now; its id and completion time. */
async function completedWalk() {
  const b = await postBooking(t, owner, { provider_id: sitter.id });
  const res = await call(t, 'PUT', `/api/booking/accept/${b._id}`, sitter, {
    providerId: sitter.id,
    decision: 'accepted',
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id: b._id, completedAt: await complete(b._id) };
}

const review = (bookingId: string, author: TestUser) =>
  call(t, 'POST', `/api/crud/${bookingId}/Review/create`, author, {
    columns: { rating: 1, comment: 'So there' },
  });

const closedAt = (at: number, what = 'booking') =>
  `Reviewing this ${what} closed at ${new Date(at).toISOString()}: a review is written within ` +
  "14 days of completion, while the other party's is hidden";

describe('reviewing a booking', () => {
  it('is open until 14 days after completion', async () => {
    const walk = await completedWalk();
    await travelTo(t, walk.completedAt + 14 * DAY - 1, [owner, sitter]);
    const res = await review(walk.id, sitter);
    expect(res.statusCode, res.body).toBe(201);
  });

  it('closes then, when the lone review of the other party is shown: 409, nothing written', async () => {
    const walk = await completedWalk();
    expect((await review(walk.id, owner)).statusCode).toBe(201);
    await travelTo(t, walk.completedAt + 14 * DAY, [owner, sitter]);
    // The owner's review is shown to the sitter now…
    const seen = await call(t, 'GET', `/api/booking/${walk.id}`, sitter);
    expect(seen.json().reviews.map((r: { visible: boolean }) => r.visible)).toEqual([true]);
    // …who can no longer answer it with a review of their own.
    const res = await review(walk.id, sitter);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(closedAt(walk.completedAt + 14 * DAY));
    const rows = await t.app.db
      .selectFrom('reviews')
      .select('author_id')
      .where('booking_id', '=', walk.id)
      .execute();
    expect(rows.map((r) => r.author_id)).toEqual([owner.id]);
  });

  it('closes for both parties though neither wrote', async () => {
    const walk = await completedWalk();
    await travelTo(t, walk.completedAt + 30 * DAY, [owner, sitter]);
    for (const who of [owner, sitter]) {
      const res = await review(walk.id, who);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(closedAt(walk.completedAt + 14 * DAY));
    }
  });
});

describe('reviewing a weekly series', () => {
  it("closes when the other party's review of it is shown, though a later visit is recent", async () => {
    const series = await acceptedSeries(t, owner, sitter, { count: 2, creditsToApply: 4000 });
    const [first, second] = series.occurrences.map((o) => o.bookingId) as [string, string];

    // The owner reviews the first visit; the second is completed a week later.
    const firstDone = await complete(first);
    expect((await review(first, owner)).statusCode).toBe(201);
    await travelTo(t, firstDone + 7 * DAY, [owner, sitter]);
    const secondDone = await complete(second);

    // The owner's review is shown 14 days after the first visit: the sitter cannot answer it on
    // the second, whose own 14 days are not over.
    await travelTo(t, firstDone + 14 * DAY, [owner, sitter]);
    expect(Date.now()).toBeLessThan(secondDone + 14 * DAY);
    const late = await review(second, sitter);
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().message).toBe(closedAt(firstDone + 14 * DAY, 'series'));
  });
});
