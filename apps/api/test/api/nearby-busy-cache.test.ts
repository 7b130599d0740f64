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

/*
 * The busy set of a plain dated search is kept while no calendar write happens
 * (availability/busy-cache.ts). The same search, repeated after each kind of write, must see it.
 */
let t: TestApp;
let owner: Owner;
let sitter: TestUser;

const DAY = 86_400_000;
const day = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
const search = `/api/user/nearby?limit=100&service=boarding&startDate=${day(20)}&endDate=${day(22)}`;

async function found(): Promise<{ ids: string[]; total: number }> {
  const res = await call(t, 'GET', search, owner);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { nearbyUsers: { _id: string }[]; total: number };
  return { ids: body.nearbyUsers.map((u) => u._id), total: body.total };
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app);
  sitter = await createProvider(t.app, undefined, { primary_services: '["boarding"]' });
}, 30_000);
afterAll(() => closeApp(t));

describe('dated search after calendar writes', () => {
  it('drops a sitter once they block the dates and brings them back when the block goes', async () => {
    expect((await found()).ids).toContain(sitter.id);
    expect((await found()).ids).toContain(sitter.id); // served again from the kept set
    const before = (await found()).total;
    const block = await call(t, 'POST', '/api/availability/blocks', sitter, {
      startDate: day(21),
      endDate: day(21),
    });
    expect(block.statusCode, block.body).toBe(201);
    const after = await found();
    expect(after.ids).not.toContain(sitter.id);
    expect(after.total).toBe(before - 1);
    const del = await call(t, 'DELETE', `/api/availability/blocks/${block.json().data.id}`, sitter);
    expect(del.statusCode).toBe(200);
    expect((await found()).ids).toContain(sitter.id);
  });

  it('drops a sitter once an acceptance fills their capacity, and back after cancelling', async () => {
    expect((await found()).ids).toContain(sitter.id);
    const b = await postBooking(t, owner, {
      provider_id: sitter.id,
      service: 'Boarding',
      startDate: new Date(Date.parse(`${day(21)}T00:00:00Z`)).toISOString(),
      endDate: new Date(Date.parse(`${day(22)}T00:00:00Z`)).toISOString(),
    });
    const accept = await call(t, 'PUT', `/api/booking/accept/${b._id}`, sitter, {
      providerId: sitter.id,
      decision: 'accepted',
    });
    expect(accept.statusCode, accept.body).toBe(200);
    expect((await found()).ids).not.toContain(sitter.id);
    const cancel = await call(t, 'PUT', `/api/booking/accept/${b._id}`, sitter, {
      id: b._id,
      provider_id: sitter.id,
      status: 'cancelled',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await found()).ids).toContain(sitter.id);
  });

  it('follows a change of the services a sitter offers', async () => {
    expect((await found()).ids).toContain(sitter.id);
    await t.app.db
      .updateTable('users')
      .set({ primary_services: '["dog-walking"]' })
      .where('id', '=', sitter.id)
      .execute();
    expect((await found()).ids).not.toContain(sitter.id);
  });
});

describe('next free dates on the cards after calendar writes', () => {
  const cardDates = async (who: TestUser): Promise<string[]> => {
    const res = await call(t, 'GET', '/api/user/nearby?limit=100', owner);
    expect(res.statusCode, res.body).toBe(200);
    const card = (res.json().nearbyUsers as { _id: string; nextFreeDates: string[] }[]).find(
      (u) => u._id === who.id,
    );
    expect(card, 'the sitter is on the page').toBeDefined();
    return card!.nextFreeDates;
  };

  it('shows a new block on the next search, and the freed dates once it goes', async () => {
    const boarder = await createProvider(t.app, undefined, { primary_services: '["boarding"]' });
    const first = await cardDates(boarder);
    expect(first).toEqual([day(0), day(1), day(2), day(3), day(4)]);
    expect(await cardDates(boarder)).toEqual(first); // served again from the kept dates
    const block = await call(t, 'POST', '/api/availability/blocks', boarder, {
      startDate: day(0),
      endDate: day(2),
    });
    expect(block.statusCode, block.body).toBe(201);
    expect(await cardDates(boarder)).toEqual([day(3), day(4), day(5), day(6), day(7)]);
    const del = await call(
      t,
      'DELETE',
      `/api/availability/blocks/${block.json().data.id}`,
      boarder,
    );
    expect(del.statusCode).toBe(200);
    expect(await cardDates(boarder)).toEqual(first);
  });
});

describe('the calendar counter', () => {
  const version = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('calendar_version')
          .select('v')
          .where('id', '=', 1)
          .executeTakeFirstOrThrow()
      ).v,
    );
  const setStatus = (id: string, status: 'accepted' | 'cancelled' | 'completed') =>
    t.app.db.updateTable('bookings').set({ status }).where('id', '=', id).execute();
  const moveStart = (id: string) =>
    t.app.db
      .updateTable('bookings')
      .set({ start_at: new Date(Date.parse(`${day(30)}T08:00:00Z`)).toISOString() })
      .where('id', '=', id)
      .execute();

  it('moves when a booking starts or stops occupying a calendar, and for nothing else', async () => {
    const walk = (n: number) =>
      postBooking(t, owner, {
        provider_id: sitter.id,
        service: 'Boarding',
        startDate: new Date(Date.parse(`${day(n)}T00:00:00Z`)).toISOString(),
        endDate: new Date(Date.parse(`${day(n + 1)}T00:00:00Z`)).toISOString(),
      });
    const declined = await walk(40);
    let v = await version();
    // A request the sitter declines, a request moved or cancelled: no calendar changed.
    const decline = await call(t, 'PUT', `/api/booking/accept/${declined._id}`, sitter, {
      providerId: sitter.id,
      decision: 'rejected',
    });
    expect(decline.statusCode, decline.body).toBe(200);
    expect(await version()).toBe(v);
    const waiting = await walk(42);
    v = await version();
    await moveStart(waiting._id);
    await setStatus(waiting._id, 'cancelled');
    await moveStart(waiting._id);
    expect(await version()).toBe(v);

    // An accepted booking occupies: accepting, moving and ending it each move the counter.
    const kept = await walk(44);
    v = await version();
    const accept = await call(t, 'PUT', `/api/booking/accept/${kept._id}`, sitter, {
      providerId: sitter.id,
      decision: 'accepted',
    });
    expect(accept.statusCode, accept.body).toBe(200);
    expect(await version()).toBeGreaterThan(v);
    v = await version();
    await moveStart(kept._id);
    expect(await version()).toBe(v + 1);
    await setStatus(kept._id, 'completed');
    expect(await version()).toBe(v + 2);
  });
});
