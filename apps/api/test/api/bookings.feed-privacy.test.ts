import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { bookingRow, call, closeApp, createProvider } from '../helpers/booking-fixtures.ts';

/*
 * A sitter's feed is ordered by distance to each owner's point snapped to the 0.01° grid, never
 * the exact point: a sitter who moves their own point and watches two listings swap places would
 * otherwise find an owner's home to the metre (DESIGN §5: nothing finer than ~1 km).
 */
let t: TestApp;
let sitter: TestUser;
// Two owners in one grid cell (38.72, -9.14), ~700 m apart; a third a few km north.
const A = { latitude: 38.7201, longitude: -9.1401 };
const B = { latitude: 38.7249, longitude: -9.1449 };
const C = { latitude: 38.75, longitude: -9.14 };
const ids: Record<'a' | 'b' | 'c', string> = { a: '', b: '', c: '' };

beforeAll(async () => {
  t = await createTestApp();
  sitter = await createProvider(t.app, undefined, { latitude: A.latitude, longitude: A.longitude });
  const now = Date.now();
  const at = (h: number) => new Date(now + h * 3_600_000).toISOString();
  // A's booking is the oldest, B's the newest: within a cell, newest first.
  const owners: ['a' | 'b' | 'c', TestUser, number][] = [
    ['a', await createUser(t.app, A), -3],
    ['c', await createUser(t.app, C), -2],
    ['b', await createUser(t.app, B), -1],
  ];
  for (const [key, owner, age] of owners) {
    const row = bookingRow(owner.id, {
      provider_id: null,
      status: 'pending',
      start_at: at(48),
      end_at: at(49),
      created_at: at(age),
      updated_at: at(age),
    });
    await t.app.db.insertInto('bookings').values(row).execute();
    ids[key] = row.id;
  }
}, 60_000);
afterAll(() => closeApp(t));

async function feedFrom(point: { latitude: number; longitude: number }, query = 'limit=10') {
  await t.app.db.updateTable('users').set(point).where('id', '=', sitter.id).execute();
  const res = await call(t, 'GET', `/api/booking/?${query}`, sitter);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { _id: string }[]).map((b) => b._id);
}

describe("the sitter feed's order", () => {
  it('does not change as the sitter moves between two owners of one grid cell', async () => {
    // At A's door or at B's, the two tie on their cell: newest (B) first, then A, then C.
    expect(await feedFrom(A)).toEqual([ids.b, ids.a, ids.c]);
    expect(await feedFrom(B)).toEqual([ids.b, ids.a, ids.c]);
    // Pages of one agree with the whole list.
    const paged = [
      ...(await feedFrom(A, 'limit=1&page=1')),
      ...(await feedFrom(A, 'limit=1&page=2')),
    ];
    expect(paged).toEqual([ids.b, ids.a]);
  });

  it('still puts the nearer cell first', async () => {
    expect(await feedFrom(C)).toEqual([ids.c, ids.b, ids.a]);
  });
});
