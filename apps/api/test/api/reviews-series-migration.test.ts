import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/index.ts';
import { newId } from '../../src/lib/ids.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { bookingRow, closeApp } from '../helpers/booking-fixtures.ts';
import { migrateBackTo } from '../helpers/migrations.ts';

/**
 * The migration to one review per author per series: series_id copied from the bookings, a race's
 * duplicates reduced to the earliest review, and a pair written on two occurrences made visible.
 */
const BEFORE = '2026-12-06T01-00-00-kyc-one-pending';
const LATER = new Date(Date.now() + 10 * 86_400_000).toISOString();

let t: TestApp;
let owner: TestUser;
let sitter: TestUser;
const seriesId = newId();
const visits = [newId(), newId(), newId()];
const single = newId();
const ids = { first: newId(), dup: newId(), sitter: newId(), single: newId() };

/** A review row as the code before the migration wrote it (no series_id column yet). */
function oldReview(id: string, bookingId: string, by: TestUser, about: TestUser, at: string) {
  return {
    id,
    booking_id: bookingId,
    author_id: by.id,
    subject_id: about.id,
    rating: 4,
    comment: '',
    created_at: at,
    visible_at: LATER,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  await migrateBackTo(t.app.db, BEFORE);
  owner = await createUser(t.app);
  sitter = await createUser(t.app, { user_type: 'provider' });
  const done = { status: 'completed' as const, provider_id: sitter.id, completed_at: LATER };
  await t.app.db
    .insertInto('bookings')
    .values([
      ...visits.map((id) => ({ ...bookingRow(owner.id, done), id, series_id: seriesId })),
      { ...bookingRow(owner.id, done), id: single },
    ])
    .execute();
  await t.app.db
    .insertInto('reviews')
    .values([
      oldReview(ids.first, visits[0]!, owner, sitter, '2026-12-01T10:00:00.000Z'),
      oldReview(ids.dup, visits[1]!, owner, sitter, '2026-12-01T10:00:00.200Z'),
      oldReview(ids.sitter, visits[2]!, sitter, owner, '2026-12-01T11:00:00.000Z'),
      oldReview(ids.single, single, owner, sitter, '2026-12-01T12:00:00.000Z'),
    ] as never)
    .execute();
  await migrateToLatest(t.app.db);
}, 60_000);
afterAll(() => closeApp(t));

describe('migration: one review per author per series', () => {
  it('copies series_id, keeps the earliest of a duplicate and reveals the cross-visit pair', async () => {
    const rows = await t.app.db
      .selectFrom('reviews')
      .select(['id', 'series_id', 'visible_at'])
      .where('author_id', 'in', [owner.id, sitter.id])
      .orderBy('created_at')
      .execute();
    expect(rows.map((r) => [r.id, r.series_id])).toEqual([
      [ids.first, seriesId],
      [ids.sitter, seriesId],
      [ids.single, null],
    ]);
    const visibleAt = new Map(rows.map((r) => [r.id, r.visible_at!]));
    expect(visibleAt.get(ids.first)! <= new Date().toISOString()).toBe(true);
    expect(visibleAt.get(ids.sitter)! <= new Date().toISOString()).toBe(true);
    expect(visibleAt.get(ids.single)).toBe(LATER);
  });
});
