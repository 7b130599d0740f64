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

describe('bounded paging', () => {
  it.each([
    '/api/booking/',
    '/api/booking/user',
    '/api/booking/provider/in-progress',
    '/api/booking/requests/mine',
  ])('refuses page × limit above 10000 on %s with a 400 and a message', async (path) => {
    const ok = await call(t, 'GET', `${path}?page=100&limit=100`, sitter);
    expect(ok.statusCode, ok.body).toBe(200);
    const res = await call(t, 'GET', `${path}?page=101&limit=100`, sitter);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('page: page × limit must not exceed 10000; narrow the search');
  });
});

describe("the sitter feed keeps owners' places private", () => {
  it('shows first name and last initial, and whole km from a point rounded to ~1 km', async () => {
    const local = await createProvider(t.app, undefined, { latitude: 38.7, longitude: -9.1 });
    // exactly 4.99 km away; from the 0.01° grid point (38.74, -9.10) it is 4.45 km → 4
    const olivia = await createOwner(t.app, {
      first_name: 'Olivia',
      last_name: 'Pemberton',
      latitude: 38.7449,
      longitude: -9.1,
    });
    const open = await postBooking(t, olivia);
    const res = await call(t, 'GET', '/api/booking/?limit=100', local);
    const row = res.json().data.find((b: { _id: string }) => b._id === open._id);
    expect(row.owner).toMatchObject({ firstName: 'Olivia', lastName: 'P.' });
    expect(row.distanceKm).toBe(4);
    expect(res.body).not.toContain('Pemberton');
    expect(res.body).not.toContain('38.7449');
    const detail = await call(t, 'GET', `/api/booking/${open._id}`, local);
    expect(detail.json().booking.owner.lastName).toBe('P.');
    const own = await call(t, 'GET', `/api/booking/${open._id}`, olivia);
    expect(own.json().booking.owner.lastName).toBe('Pemberton');
  });

  it('drops a booking from the feed of a sitter whose application was rejected', async () => {
    const applicant = await createProvider(t.app);
    const owner = await createOwner(t.app);
    const open = await postBooking(t, owner);
    await call(t, 'POST', `/api/booking/${open._id}/send-request`, applicant);
    const feedIds = async () =>
      (await call(t, 'GET', '/api/booking/?limit=100', applicant))
        .json()
        .data.map((b: { _id: string }) => b._id);
    expect(await feedIds()).toContain(open._id);
    await call(t, 'PUT', `/api/booking/accept/${open._id}`, owner, {
      providerId: applicant.id,
      decision: 'rejected',
    });
    expect(await feedIds()).not.toContain(open._id);
  });
});
