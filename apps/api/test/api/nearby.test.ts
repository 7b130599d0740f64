import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, nowIso } from '../../src/lib/ids.ts';
import {
  rebuildProviderLocationIndex,
  syncProviderLocation,
} from '../../src/modules/sitters/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';

let t: TestApp;
let caller: TestUser;

type P = {
  id: string;
  first: string;
  lat: number | null;
  lng: number | null;
  created: string;
  deleted: boolean;
  type: 'provider' | 'user';
};

async function resetProviders() {
  await sql`delete from provider_locations`.execute(t.app.db);
  if (t.engine === 'sqlite') await sql`delete from provider_locations_rtree`.execute(t.app.db);
  await t.app.db.deleteFrom('users').where('password_hash', '=', 'x').execute();
}

async function insertProviders(list: P[], viaRebuild: boolean) {
  if (list.length === 0) return;
  await t.app.db
    .insertInto('users')
    .values(
      list.map((p) => ({
        id: p.id,
        email: `${p.id}@example.test`,
        password_hash: 'x',
        first_name: p.first,
        last_name: 'Sitter',
        phone: '1',
        user_type: p.type,
        term: 1,
        email_verified: 1,
        is_verified: 0,
        kyc_verified: 0,
        is_paid: 0,
        email_notification: 1,
        currency: 'USD',
        primary_services: '[]',
        pet_prefrences: '[]',
        service_rates: '{}',
        latitude: p.lat,
        longitude: p.lng,
        deleted_at: p.deleted ? p.created : null,
        created_at: p.created,
        updated_at: p.created,
      })),
    )
    .execute();
  if (viaRebuild) return rebuildProviderLocationIndex(t.app.db);
  // Stale rows (deleted users, non-providers) are indexed too: reads must filter them out.
  for (const p of list) await syncProviderLocation(t.app.db, p.id, p.lat, p.lng);
}

/** Distances closer than this (km, 1 mm) are a tie that floating-point noise may order either way. */
const TIE_KM = 1e-6;

/**
 * The brute-force answer: located sitters nearest first (ties by id), then those without a point
 * newest first; each with its distance (null without a point).
 */
function ranked(
  list: P[],
  origin: { lat: number; lng: number },
  name?: string,
): { id: string; d: number | null }[] {
  const R = 6371.0088;
  const r = (d: number) => (d * Math.PI) / 180;
  // Distances are to the sitter's point on the 0.01° grid its card shows (locations.repository.ts).
  const grid = (v: number) => Math.round(v * 100) / 100;
  const dist = (p: P) => {
    const [lat, lng] = [grid(p.lat!), grid(p.lng!)];
    const h =
      Math.sin(r(lat - origin.lat) / 2) ** 2 +
      Math.cos(r(origin.lat)) * Math.cos(r(lat)) * Math.sin(r(lng - origin.lng) / 2) ** 2;
    return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
  };
  const live = list.filter(
    (p) =>
      p.type === 'provider' &&
      !p.deleted &&
      (!name || `${p.first} sitter`.toLowerCase().includes(name.toLowerCase())),
  );
  const located = live
    .filter((p) => p.lat !== null)
    .map((p) => ({ id: p.id, d: dist(p) as number | null }))
    .sort((a, b) => a.d! - b.d! || (a.id < b.id ? -1 : 1));
  const unlocated = live
    .filter((p) => p.lat === null)
    .sort((a, b) =>
      a.created === b.created ? (a.id < b.id ? 1 : -1) : a.created < b.created ? 1 : -1,
    );
  return [...located, ...unlocated.map((p) => ({ id: p.id, d: null }))];
}

/**
 * `got` is the page `from`..`from + count` of the oracle's order, where sitters whose distances
 * differ by less than TIE_KM may come in either order (the server and the oracle compute the
 * same great-circle distance in different floating-point steps: from a pole, every point of the
 * equator is 90° away up to the last bits).
 */
function expectPage(
  got: string[],
  want: { id: string; d: number | null }[],
  from: number,
  count: number,
) {
  const slice = want.slice(from, from + count);
  const distance = new Map(want.map((w) => [w.id, w.d]));
  const near = (a: number | null | undefined, b: number | null | undefined) =>
    a === b || (a != null && b != null && Math.abs(a - b) < TIE_KM);
  expect(got.length).toBe(slice.length);
  got.forEach((id, i) => {
    const w = slice[i]!;
    if (id === w.id) return;
    // Another sitter in this place: only a tie (equally distant, both located) may swap them.
    expect(
      w.d !== null && near(distance.get(id), w.d),
      `position ${from + i}: ${id} instead of ${w.id}`,
    ).toBe(true);
  });
  expect(new Set(got).size).toBe(got.length);
}

async function nearby(query: string) {
  const res = await t.call({
    method: 'GET',
    url: `/api/user/nearby?${query}`,
    token: caller.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp();
  caller = await createUser(t.app, { latitude: 40.7128, longitude: -74.006 });
});
afterAll(() => t.close());

describe('GET /api/user/nearby', () => {
  it('orders by distance with distanceKm, unlocated providers last, and pages', async () => {
    await resetProviders();
    const base = Date.parse('2026-01-01T00:00:00Z');
    const mk = (first: string, lat: number | null, lng: number | null, i: number): P => ({
      id: newId(),
      first,
      lat,
      lng,
      created: new Date(base + i * 1000).toISOString(),
      deleted: false,
      type: 'provider',
    });
    const list = [
      mk('Far', 34.0522, -118.2437, 1), // Los Angeles
      mk('Near', 40.73, -74.0, 2),
      mk('Mid', 42.3601, -71.0589, 3), // Boston
      mk('Nowhere', null, null, 4),
    ];
    await insertProviders(list, false);
    const body = await nearby('page=1&limit=2');
    expect(body).toMatchObject({
      success: true,
      mode: 'nearby',
      page: 1,
      limit: 2,
      total: 4,
      totalPages: 2,
      hasMore: true,
    });
    expect(body.nearbyUsers.map((u: { firstName: string }) => u.firstName)).toEqual([
      'Near',
      'Mid',
    ]);
    expect(body.nearbyUsers[0].distanceKm).toBe(2);
    expect(body.nearbyUsers[1].distanceKm).toBeCloseTo(306.1, 0);
    const second = await nearby('page=2&limit=2');
    expect(second.nearbyUsers.map((u: { firstName: string }) => u.firstName)).toEqual([
      'Far',
      'Nowhere',
    ]);
    expect(second.nearbyUsers[1].distanceKm).toBeNull();
    expect(second.hasMore).toBe(false);
    expect(JSON.stringify(second)).not.toContain('email');
  });

  it("falls back to mode 'all', newest first, when the caller has no coordinates", async () => {
    const other = await createUser(t.app);
    const res = await t.call({ method: 'GET', url: '/api/user/nearby', token: other.token });
    const body = res.json();
    expect(body.mode).toBe('all');
    expect(body.nearbyUsers.map((u: { firstName: string }) => u.firstName)).toEqual([
      'Nowhere',
      'Mid',
      'Near',
      'Far',
    ]);
    expect(body.nearbyUsers.every((u: { distanceKm: null }) => u.distanceKm === null)).toBe(true);
  });

  it('never lists the calling provider, nor counts them', async () => {
    const me = await createUser(t.app, {
      user_type: 'provider',
      first_name: 'Self',
      latitude: 40.7,
      longitude: -74,
    });
    await syncProviderLocation(t.app.db, me.id, 40.7, -74);
    const res = await t.call({ method: 'GET', url: '/api/user/nearby?limit=100', token: me.token });
    const body = res.json();
    expect(body.total).toBe(4);
    expect(body.nearbyUsers.map((u: { _id: string }) => u._id)).not.toContain(me.id);
    expect((await nearby('name=self')).total).toBe(1);
    await t.app.db
      .updateTable('users')
      .set({ user_type: 'user' })
      .where('id', '=', me.id)
      .execute();
  });

  it('keeps the provider total right through soft deletes, role changes and deletes', async () => {
    const before = (await nearby('limit=1')).total;
    const extra = await createUser(t.app, { user_type: 'provider' });
    expect((await nearby('limit=1')).total).toBe(before + 1);
    await t.app.db
      .updateTable('users')
      .set({ deleted_at: nowIso() })
      .where('id', '=', extra.id)
      .execute();
    expect((await nearby('limit=1')).total).toBe(before);
    await t.app.db
      .updateTable('users')
      .set({ deleted_at: null, user_type: 'user' })
      .where('id', '=', extra.id)
      .execute();
    expect((await nearby('limit=1')).total).toBe(before);
    await t.app.db
      .updateTable('users')
      .set({ user_type: 'provider' })
      .where('id', '=', extra.id)
      .execute();
    expect((await nearby('limit=1')).total).toBe(before + 1);
    await t.app.db.deleteFrom('sessions').where('user_id', '=', extra.id).execute();
    await t.app.db.deleteFrom('users').where('id', '=', extra.id).execute();
    expect((await nearby('limit=1')).total).toBe(before);
  });

  it('filters by name as cards show it (substring, any case) and city (prefix, any case)', async () => {
    await t.app.db
      .updateTable('users')
      .set({ city: 'Boston' })
      .where('first_name', '=', 'Mid')
      .execute();
    expect(
      (await nearby('name=EAR')).nearbyUsers.map((u: { firstName: string }) => u.firstName),
    ).toEqual(['Near']);
    // Matched as the card shows the name ("Near S."): the last name past its initial is not
    // searchable, or adding one letter at a time would spell it out.
    expect((await nearby('name=near%20s.')).total).toBe(1);
    expect((await nearby('name=%20s.')).total).toBe(4);
    expect((await nearby('name=sitt')).total).toBe(0);
    expect((await nearby('name=near%20si')).total).toBe(0);
    expect(
      (await nearby('city=bos')).nearbyUsers.map((u: { firstName: string }) => u.firstName),
    ).toEqual(['Mid']);
    expect((await nearby('city=oston')).total).toBe(0);
    expect((await nearby('name=%25')).total).toBe(0);
  });

  it('refuses paging values that are not whole numbers from 1 (400), and clamps the limit', async () => {
    for (const [query, message] of [
      ['page=abc', 'page: page must be a whole number from 1'],
      ['page=0', 'page: page must be a whole number from 1'],
      ['limit=-3', 'limit: limit must be a whole number from 1'],
      ['limit=2.5', 'limit: limit must be a whole number from 1'],
      // An over-long term is refused, not dropped (dropping it listed every sitter).
      [`name=${'x'.repeat(2000)}`, 'name: name must be at most 100 characters'],
      [`city=${'x'.repeat(121)}`, 'city: city must be at most 120 characters'],
    ]) {
      const res = await t.call({
        method: 'GET',
        url: `/api/user/nearby?${query}`,
        token: caller.token,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await nearby('page=&limit=')).toMatchObject({ page: 1, limit: 15 });
    expect(await nearby('limit=1000')).toMatchObject({ limit: 100 });
    expect((await nearby(`name=${'x'.repeat(100)}`)).success).toBe(true);
    expect((await nearby('page=99')).nearbyUsers).toEqual([]);
  });

  it('refuses page × limit beyond 10 000 with a 400 and a message', async () => {
    expect(await nearby('page=100&limit=100')).toMatchObject({ page: 100, limit: 100 });
    const res = await t.call({
      method: 'GET',
      url: '/api/user/nearby?page=668&limit=15',
      token: caller.token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('page: page × limit must not exceed 10000; narrow the search');
  });

  it('ranks providers beyond the largest search radius by distance too', async () => {
    await resetProviders();
    // Caller in New York; everyone is more than 2000 km away, in a known order.
    await t.app.db
      .updateTable('users')
      .set({ latitude: 40.7128, longitude: -74.006 })
      .where('id', '=', caller.id)
      .execute();
    const places = [
      ['Paris', 48.8566, 2.3522],
      ['Tokyo', 35.6762, 139.6503],
      ['Lisbon', 38.7223, -9.1393],
      ['Sydney', -33.8688, 151.2093],
      ['Reykjavik', 64.1466, -21.9426],
    ] as const;
    const list = places.map(([first, lat, lng]) => ({
      id: newId(),
      first,
      lat,
      lng,
      created: nowIso(),
      deleted: false,
      type: 'provider' as const,
    }));
    await insertProviders(list, false);
    const names = async (q: string) =>
      (await nearby(q)).nearbyUsers.map((u: { firstName: string }) => u.firstName);
    expect(await names('limit=2')).toEqual(['Reykjavik', 'Lisbon']);
    expect(await names('limit=2&page=2')).toEqual(['Paris', 'Tokyo']);
    expect(await names('limit=10')).toEqual(['Reykjavik', 'Lisbon', 'Paris', 'Tokyo', 'Sydney']);
  });

  it('pages one order when two sitters are equally far to the last bits, whichever read ranks each page', async () => {
    await resetProviders();
    const origin = { lat: 38.72, lng: -9.14 };
    await t.app.db
      .updateTable('users')
      .set({ latitude: origin.lat, longitude: origin.lng })
      .where('id', '=', caller.id)
      .execute();
    let i = 0;
    const mk = (lat: number): P => ({
      id: newId(),
      first: `P${i}`,
      lat,
      lng: origin.lng,
      created: new Date(Date.UTC(2026, 0, 1, 0, 0, i++)).toISOString(),
      deleted: false,
      type: 'provider',
    });
    const here = [mk(origin.lat), mk(origin.lat), mk(origin.lat)];
    await insertProviders(here, false);
    // Four wanted, three within the largest box: this page depth is now read from the database's
    // own ranking (and remembered for a minute).
    expect((await nearby('page=2&limit=2')).nearbyUsers).toHaveLength(1);
    // 2° south and 2° north: the same great-circle distance up to the last bits, which the
    // database and JavaScript round differently; the page boundary falls between the two.
    const twins = [mk(origin.lat - 2), mk(origin.lat + 2)];
    const far = mk(origin.lat + 5);
    await insertProviders([...twins, far], false);
    const seen: string[] = [];
    const km: number[] = [];
    for (const page of [1, 2, 3]) {
      const body = await nearby(`page=${page}&limit=2`);
      expect(body.total).toBe(6);
      for (const u of body.nearbyUsers as { _id: string; distanceKm: number }[]) {
        seen.push(u._id);
        km.push(u.distanceKm);
      }
    }
    expect([...seen].sort()).toEqual([...here, ...twins, far].map((p) => p.id).sort());
    expect(km.slice(3, 5)).toEqual([222.4, 222.4]);
    expect(km).toEqual([...km].sort((a, b) => a - b));
  });

  it.each([
    [
      'east beats a farther point the square box holds',
      { lat: 40.5, lng: -74 },
      [
        [40.5, -73.7634],
        [40.6978, -74],
      ],
    ],
    [
      'across the antimeridian',
      { lat: 0, lng: 179.95 },
      [
        [0, -179.95],
        [0, 179.7],
      ],
    ],
    [
      'over the pole',
      { lat: 89.99, lng: 0 },
      [
        [89.99, 180],
        [89.9, 0],
      ],
    ],
  ] as const)('finds the true nearest: %s', async (_label, origin, points) => {
    await resetProviders();
    const list = points.map(([lat, lng], i) => ({
      id: newId(),
      first: `P${i}`,
      lat,
      lng,
      created: nowIso(),
      deleted: false,
      type: 'provider' as const,
    }));
    await insertProviders(list, false);
    await t.app.db
      .updateTable('users')
      .set({ latitude: origin.lat, longitude: origin.lng })
      .where('id', '=', caller.id)
      .execute();
    const body = await nearby('limit=1');
    expect(body.nearbyUsers[0]._id).toBe(list[0]!.id);
    expect(body.hasMore).toBe(true);
  });

  it('matches a brute-force great-circle oracle on random data (property)', async () => {
    const coord = fc.oneof(
      fc.record({
        lat: fc.double({ min: -90, max: 90, noNaN: true }),
        lng: fc.double({ min: -180, max: 180, noNaN: true }),
      }),
      fc.record({
        lat: fc.double({ min: 40, max: 41, noNaN: true }),
        lng: fc.double({ min: -74.5, max: -73.5, noNaN: true }),
      }),
      fc.record({
        lat: fc.double({ min: 40.4, max: 40.6, noNaN: true }),
        lng: fc.double({ min: -74.1, max: -73.9, noNaN: true }),
      }),
      fc.record({ lat: fc.constantFrom(89.9, -89.9, 0), lng: fc.constantFrom(179.99, -179.99, 0) }),
    );
    // Offsets place most providers within ~50 km of the caller, where the box steps matter.
    const offset = fc.record({
      dLat: fc.double({ min: -0.45, max: 0.45, noNaN: true }),
      dLng: fc.double({ min: -0.6, max: 0.6, noNaN: true }),
    });
    const provider = fc.record({
      at: fc.option(
        fc.oneof(
          coord,
          offset.map((o) => ({ rel: o })),
        ),
        { freq: 6 },
      ),
      first: fc.constantFrom('Ann', 'Bob', 'Cleo', 'Dan'),
      flag: fc.integer({ min: 0, max: 9 }),
    });
    const place = (
      at: { lat: number; lng: number } | { rel: { dLat: number; dLng: number } } | null,
      o: { lat: number; lng: number },
    ) => {
      if (!at) return null;
      if ('lat' in at) return at;
      const lat = Math.max(-90, Math.min(90, o.lat + at.rel.dLat));
      let lng = o.lng + at.rel.dLng;
      if (lng > 180) lng -= 360;
      if (lng < -180) lng += 360;
      return { lat, lng };
    };
    const r7 = (n: number) => Math.round(n * 1e7) / 1e7; // what the profile API stores
    await fc.assert(
      fc.asyncProperty(
        fc.array(provider, { maxLength: 60, size: 'max' }),
        coord,
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 12 }),
        fc.option(fc.constantFrom('an', 'BO', 'x'), { freq: 3 }),
        fc.boolean(),
        async (specs, origin, page, limit, name, viaRebuild) => {
          await resetProviders();
          const list: P[] = specs.map((s, i) => ({
            id: newId(),
            first: s.first,
            lat: s.at ? r7(place(s.at, origin)!.lat) : null,
            lng: s.at ? r7(place(s.at, origin)!.lng) : null,
            created: new Date(Date.UTC(2026, 0, 1, 0, 0, i % 7)).toISOString(),
            deleted: s.flag === 0,
            type: s.flag === 1 ? 'user' : 'provider',
          }));
          await insertProviders(list, viaRebuild);
          await t.app.db
            .updateTable('users')
            .set({ latitude: r7(origin.lat), longitude: r7(origin.lng) })
            .where('id', '=', caller.id)
            .execute();
          const o = { lat: r7(origin.lat), lng: r7(origin.lng) };
          const expected = ranked(list, o, name ?? undefined);
          const body = await nearby(`page=${page}&limit=${limit}${name ? `&name=${name}` : ''}`);
          expect(body.mode).toBe('nearby');
          expect(body.total).toBe(expected.length);
          expectPage(
            body.nearbyUsers.map((u: { _id: string }) => u._id),
            expected,
            (page - 1) * limit,
            limit,
          );
        },
      ),
      {
        numRuns: t.engine === 'sqlite' ? 80 : 40,
        // Shrinking a late failure stops in time to report it before the test's timeout.
        interruptAfterTimeLimit: 90_000,
        markInterruptAsFailure: true,
      },
    );
  }, 120_000);

  it('a repeat search that started from a wide radius still finds a newcomer next door first', async () => {
    await resetProviders();
    await t.app.db
      .updateTable('users')
      .set({ latitude: 40.7128, longitude: -74.006 })
      .where('id', '=', caller.id)
      .execute();
    const mk = (first: string, lat: number, lng: number): P => ({
      id: newId(),
      first,
      lat,
      lng,
      created: nowIso(),
      deleted: false,
      type: 'provider',
    });
    // Only far-away sitters: the first search needs the widest box or the database fallback,
    // and the next one starts there.
    await insertProviders([mk('Paris', 48.8566, 2.3522), mk('Tokyo', 35.6762, 139.6503)], false);
    const names = async () =>
      (await nearby('page=1&limit=2')).nearbyUsers.map((u: { firstName: string }) => u.firstName);
    expect(await names()).toEqual(['Paris', 'Tokyo']);
    await insertProviders([mk('Door', 40.713, -74.0061)], false);
    expect(await names()).toEqual(['Door', 'Paris']);
    await insertProviders([mk('Street', 40.72, -74.0)], true);
    expect(await names()).toEqual(['Door', 'Street']);
  });

  it("measures to the sitter's ~1 km grid point, so moving the searcher never finds their door", async () => {
    await resetProviders();
    const home = { lat: 30.2872, lng: -97.7331 }; // shown (and measured) as 30.29, -97.73
    const sitter: P = {
      id: newId(),
      first: 'Hidden',
      lat: home.lat,
      lng: home.lng,
      created: nowIso(),
      deleted: false,
      type: 'provider',
    };
    await insertProviders([sitter], false);
    const from = async (lat: number, lng: number) => {
      await t.app.db
        .updateTable('users')
        .set({ latitude: lat, longitude: lng })
        .where('id', '=', caller.id)
        .execute();
      return (await nearby('limit=1')).nearbyUsers[0].distanceKm as number;
    };
    // Standing on the door reads the cell's distance; standing on the cell's point reads 0.
    expect(await from(home.lat, home.lng)).toBe(0.4);
    expect(await from(30.29, -97.73)).toBe(0);
    // Walking across the cell, nothing changes at the door: every step reads the grid point.
    const steps = [];
    for (let dLat = -0.004; dLat <= 0.004; dLat += 0.002)
      steps.push(await from(30.29 + dLat, -97.73));
    expect(steps).toEqual([0.4, 0.2, 0, 0.2, 0.4]);
    await from(40.7128, -74.006);
  });
});
