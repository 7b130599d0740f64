import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import {
  call,
  closeApp,
  createOwner,
  createProvider,
  postBooking,
  type Owner,
} from '../helpers/booking-fixtures.ts';

let t: TestApp;
let near: Owner;
let far: Owner;
let nowhere: Owner;
let sitter: TestUser;
let admin: TestUser;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  // Lisbon sitter; owners in Lisbon (≈2 km), Porto (≈275 km) and without coordinates.
  sitter = await createProvider(t.app, undefined, { latitude: 38.7223, longitude: -9.1393 });
  near = await createOwner(t.app, { latitude: 38.7369, longitude: -9.1427 });
  far = await createOwner(t.app, { latitude: 41.1579, longitude: -8.6291 });
  nowhere = await createOwner(t.app);
  admin = await createUser(t.app, { user_type: 'admin' });
  ids.nowhere = (await postBooking(t, nowhere))._id;
  ids.far = (await postBooking(t, far))._id;
  ids.near = (await postBooking(t, near))._id;
  const mine = await postBooking(t, far, { provider_id: sitter.id });
  await call(t, 'PUT', `/api/booking/accept/${mine._id}`, sitter, {
    providerId: sitter.id,
    decision: 'accepted',
  });
  ids.mine = mine._id;
  for (let i = 0; i < 4; i += 1) await postBooking(t, near);
}, 60_000);
afterAll(() => closeApp(t));

describe('booking lists', () => {
  it('shows a sitter open bookings nearest first, then their own', async () => {
    const res = await call(t, 'GET', '/api/booking/?limit=100', sitter);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as {
      _id: string;
      distanceKm?: number;
      provider_id: string | null;
    }[];
    const order = data.map((b) => b._id);
    expect(order.indexOf(ids.near!)).toBeLessThan(order.indexOf(ids.far!));
    expect(order.indexOf(ids.far!)).toBeLessThan(order.indexOf(ids.nowhere!));
    expect(order.at(-1)).toBe(ids.mine);
    const nearRow = data.find((b) => b._id === ids.near)!;
    expect(nearRow.distanceKm).toBe(2);
    expect(data.find((b) => b._id === ids.far)!.distanceKm).toBeGreaterThan(250);
    expect(data.find((b) => b._id === ids.nowhere)).not.toHaveProperty('distanceKm');
    expect(res.json()).toMatchObject({ total: 8, page: 1, hasMore: false });
  });

  it("paginates the owner's own bookings newest first", async () => {
    const p1 = await call(t, 'GET', '/api/booking/user?limit=2', near);
    expect(p1.json()).toMatchObject({ page: 1, limit: 2, total: 5, totalPages: 3, hasMore: true });
    const p3 = await call(t, 'GET', '/api/booking/user?limit=2&page=3', near);
    expect(p3.json().data.map((b: { _id: string }) => b._id)).toEqual([ids.near]);
    expect(p3.json().hasMore).toBe(false);
    const asList = await call(t, 'GET', '/api/booking/', near);
    expect(asList.json().total).toBe(5);
  });

  it('filters by status for admins and sitters', async () => {
    const all = await call(t, 'GET', '/api/booking/', admin);
    expect(all.json().total).toBe(8);
    const acc = await call(t, 'GET', '/api/booking/?status=accepted', admin);
    expect(acc.json().data.map((b: { _id: string }) => b._id)).toEqual([ids.mine]);
    const sit = await call(t, 'GET', '/api/booking/provider/in-progress?status=accepted', sitter);
    expect(sit.json().data.map((b: { _id: string }) => b._id)).toEqual([ids.mine]);
    const def = await call(t, 'GET', '/api/booking/provider/in-progress', sitter);
    expect(def.json().data).toEqual([]);
  });
});
