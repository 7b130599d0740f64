import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation, migrateToLatest } from '../../src/db/index.ts';
import { newId } from '../../src/lib/ids.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { bookingRow, call, closeApp } from '../helpers/booking-fixtures.ts';
import { migrateBackTo } from '../helpers/migrations.ts';

/**
 * The migration to one dispute per booking: a booking disputed twice before it keeps both
 * disputes (the earliest carries the booking id), and from then on the database refuses a second
 * dispute on any booking.
 */
const BEFORE = '2026-12-06T08-00-00-subscription-credits-sold';

let t: TestApp;
let owner: TestUser;
let sitter: TestUser;
const twice = newId();
const once = newId();
const ids = { closed: newId(), reopened: newId(), only: newId() };

/** A dispute row as the code before the migration wrote it (no sole_booking_id column yet). */
function oldDispute(id: string, bookingId: string, status: string, at: string) {
  return {
    id,
    booking_id: bookingId,
    opened_by: owner.id,
    reason: 'Late',
    description: '',
    status,
    winner_id: null,
    resolution_reason: null,
    settled_at: null,
    created_at: at,
    updated_at: at,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  await migrateBackTo(t.app.db, BEFORE);
  owner = await createUser(t.app);
  sitter = await createUser(t.app, { user_type: 'provider' });
  const done = { status: 'completed' as const, provider_id: sitter.id };
  await t.app.db
    .insertInto('bookings')
    .values([
      { ...bookingRow(owner.id, done), id: twice },
      { ...bookingRow(owner.id, done), id: once },
    ])
    .execute();
  await t.app.db
    .insertInto('disputes')
    .values([
      oldDispute(ids.closed, twice, 'closed', '2026-12-01T10:00:00.000Z'),
      oldDispute(ids.reopened, twice, 'open', '2026-12-02T10:00:00.000Z'),
      oldDispute(ids.only, once, 'resolved', '2026-12-03T10:00:00.000Z'),
    ] as never)
    .execute();
  await migrateToLatest(t.app.db);
}, 60_000);
afterAll(() => closeApp(t));

describe('migration: one dispute per booking', () => {
  it("keeps every dispute; each booking's earliest one holds the booking", async () => {
    const rows = await t.app.db
      .selectFrom('disputes')
      .select(['id', 'sole_booking_id'])
      .orderBy('created_at')
      .execute();
    expect(rows).toEqual([
      { id: ids.closed, sole_booking_id: twice },
      { id: ids.reopened, sole_booking_id: null },
      { id: ids.only, sole_booking_id: once },
    ]);
  });

  it('refuses, in the database, a second dispute on a booking', async () => {
    const second = oldDispute(newId(), once, 'open', new Date().toISOString());
    const err = await t.app.db
      .insertInto('disputes')
      .values({ ...second, status: 'open', sole_booking_id: once })
      .execute()
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(err)).toBe(true);
  });

  it('and through the API, on a booking disputed twice before as on any other', async () => {
    for (const bookingId of [twice, once]) {
      const res = await call(t, 'POST', '/api/dispute/', sitter, { bookingId, reason: 'Again' });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toMatch(/^This booking already has a dispute/);
    }
  });
});
