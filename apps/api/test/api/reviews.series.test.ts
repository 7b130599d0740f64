import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../src/db/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import type { TestUser } from '../helpers/factories.ts';
import { call, closeApp, ownerAndSitter, type Owner } from '../helpers/booking-fixtures.ts';
import { acceptedSeries } from '../helpers/series-fixtures.ts';

/**
 * A weekly series is reviewed once per party, on any occurrence, and the double-blind pair is the
 * two parties' reviews of the series: the owner reviewing one visit and the sitter another
 * reveals both at once. The database holds the "once" (reviews_series_author_uq), so posts racing
 * on several occurrences give one review and 409s with the check's message, on both engines.
 */
let t: TestApp;

const ALREADY = 'You have already reviewed this series';

/** A weekly walk series of `count` visits, paid, accepted and completed; its booking ids. */
async function completedSeries(owner: Owner, sitter: TestUser, count: number) {
  const series = await acceptedSeries(t, owner, sitter, { count });
  const ids = series.occurrences.map((o) => o.bookingId);
  for (const id of ids)
    for (const status of ['in-progress', 'completed']) {
      const moved = await call(t, 'PUT', `/api/booking/accept/${id}`, sitter, { status });
      expect(moved.statusCode, moved.body).toBe(200);
    }
  return ids;
}

const review = (bookingId: string, author: TestUser, rating = 5) =>
  call(t, 'POST', `/api/crud/${bookingId}/Review/create`, author, {
    columns: { rating, comment: `${rating} stars, weekly` },
  });

async function visibleAbout(user: TestUser, viewer: TestUser) {
  const res = await call(t, 'GET', `/api/user/${user.id}/reviews`, viewer);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { total: number; data: { rating: number }[] };
}

const cachedRating = (userId: string) =>
  t.app.db
    .selectFrom('users')
    .select(['rating_avg', 'rating_count'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();

const reviewsBy = (authorId: string) =>
  t.app.db.selectFrom('reviews').select(['booking_id']).where('author_id', '=', authorId).execute();

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => closeApp(t));

describe('reviews of a weekly series', () => {
  it('the owner on one visit and the sitter on another: both visible at once, the rating counts it', async () => {
    const { owner, sitter } = await ownerAndSitter(t.app);
    const [first, second] = await completedSeries(owner, sitter, 2);
    const mine = await review(first!, owner, 4);
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json().data.visible).toBe(false);
    expect((await visibleAbout(sitter, owner)).total).toBe(0);

    const theirs = await review(second!, sitter, 5);
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.json().data.visible).toBe(true);
    const aboutSitter = await visibleAbout(sitter, owner);
    expect(aboutSitter.total).toBe(1);
    expect(aboutSitter.data[0]!.rating).toBe(4);
    expect((await visibleAbout(owner, sitter)).total).toBe(1);
    expect(await cachedRating(sitter.id)).toEqual({ rating_avg: 4, rating_count: 1 });
    expect(await cachedRating(owner.id)).toEqual({ rating_avg: 5, rating_count: 1 });
  });

  it('posts racing on several visits give one review; the others get 409 with one message', async () => {
    const { owner, sitter } = await ownerAndSitter(t.app);
    const ids = await completedSeries(owner, sitter, 3);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => review(ids[i % ids.length]!, owner, 3)),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409))
      expect(refused.json().message).toBe(ALREADY);
    expect(await reviewsBy(owner.id)).toHaveLength(1);

    // The sitter's answer reveals the pair; the series counts once in the owner's review of her.
    expect((await review(ids[2]!, sitter, 5)).statusCode).toBe(201);
    expect(await cachedRating(sitter.id)).toEqual({ rating_avg: 3, rating_count: 1 });
    expect((await visibleAbout(sitter, owner)).total).toBe(1);
  });

  it('the database refuses a second review of the series by the same author', async () => {
    const { owner, sitter } = await ownerAndSitter(t.app);
    const [first, second] = await completedSeries(owner, sitter, 2);
    expect((await review(first!, owner)).statusCode).toBe(201);
    const seriesId = (
      await t.app.db
        .selectFrom('bookings')
        .select('series_id')
        .where('id', '=', second!)
        .executeTakeFirstOrThrow()
    ).series_id;
    const direct = t.app.db
      .insertInto('reviews')
      .values({
        id: 'dup-review-0000000000000',
        booking_id: second!,
        author_id: owner.id,
        subject_id: sitter.id,
        rating: 1,
        comment: '',
        created_at: new Date().toISOString(),
        visible_at: null,
        series_id: seriesId ?? null,
      })
      .execute();
    await expect(direct).rejects.toSatisfy(isUniqueViolation);
  });
});
