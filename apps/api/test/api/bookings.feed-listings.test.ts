import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { bookingRow, call, closeApp, createProvider } from '../helpers/booking-fixtures.ts';

/*
 * feed_listings (migration 09-00) is kept by triggers on bookings, booking_charges and users; the
 * sitter's feed reads open bookings from it. Each step below writes directly and compares the
 * table with what it must hold, worked out from the source tables.
 */

let t: TestApp;
let lisbon: TestUser;
let porto: TestUser;
let nowhere: TestUser;
let sitter: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  lisbon = await createUser(t.app, { latitude: 38.7369, longitude: -9.1427 });
  porto = await createUser(t.app, { latitude: 41.1579, longitude: -8.6291 });
  nowhere = await createUser(t.app);
  sitter = await createProvider(t.app, undefined, { latitude: 38.7223, longitude: -9.1393 });
}, 60_000);
afterAll(() => closeApp(t));

let made = 0;
function booking(owner: TestUser, providerId: string | null, status: 'pending' | 'accepted') {
  const now = Date.now();
  const at = (h: number) => new Date(now + h * 3_600_000).toISOString();
  made += 1;
  return bookingRow(owner.id, {
    provider_id: providerId,
    status,
    start_at: at(48 + made),
    end_at: at(49 + made),
    created_at: at(-made),
    updated_at: at(-made),
  });
}

/** What feed_listings holds vs what it must hold (pending, no sitter, card part paid or none). */
async function listings() {
  const kept = await t.app.db
    .selectFrom('feed_listings')
    .select(['booking_id', 'latitude', 'longitude', 'lat_cell', 'service', 'start_at'])
    .orderBy('booking_id')
    .execute();
  const rows = await t.app.db
    .selectFrom('bookings as b')
    .innerJoin('users as u', 'u.id', 'b.owner_id')
    .select(['b.id', 'u.latitude', 'u.longitude', 'b.service', 'b.start_at'])
    .where('b.status', '=', 'pending')
    .where('b.provider_id', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('booking_charges as bc')
            .select('bc.booking_id')
            .whereRef('bc.booking_id', '=', 'b.id')
            .where('bc.state', '<>', 'paid'),
        ),
      ),
    )
    .orderBy('b.id')
    .execute();
  const expected = rows.map((r) => {
    const located = r.latitude !== null && r.longitude !== null;
    return {
      booking_id: r.id,
      latitude: located ? Number(r.latitude) : null,
      longitude: located ? Number(r.longitude) : null,
      lat_cell: located ? Math.floor((Number(r.latitude) + 90) * 10) : null,
      service: r.service,
      start_at: r.start_at,
    };
  });
  const got = kept.map((r) => ({
    ...r,
    latitude: r.latitude === null ? null : Number(r.latitude),
    longitude: r.longitude === null ? null : Number(r.longitude),
    lat_cell: r.lat_cell === null ? null : Number(r.lat_cell),
  }));
  return { got, expected };
}

function charge(bookingId: string, state: 'awaiting' | 'paid' | 'cancelled') {
  const at = new Date().toISOString();
  return {
    booking_id: bookingId,
    payment_id: `pay_${bookingId}`,
    state,
    card_cents: 2000,
    card_refunded_cents: 0,
    checkout_url: null,
    created_at: at,
    updated_at: at,
  };
}

describe('feed_listings (trigger-kept) behind the sitter feed', () => {
  it('follows bookings, card charges and owners moving, on every write path', async () => {
    const open = [lisbon, porto, nowhere, lisbon, porto].map((o) => booking(o, null, 'pending'));
    const assigned = booking(lisbon, sitter.id, 'accepted');
    await t.app.db
      .insertInto('bookings')
      .values([...open, assigned])
      .execute();
    let { got, expected } = await listings();
    expect(got).toEqual(expected);
    expect(got).toHaveLength(5);

    // a card part waiting for payment hides the booking; paid shows it again; a deleted charge too
    await t.app.db
      .insertInto('booking_charges')
      .values([charge(open[0]!.id, 'awaiting'), charge(open[1]!.id, 'awaiting')])
      .execute();
    ({ got, expected } = await listings());
    expect(got).toEqual(expected);
    expect(got).toHaveLength(3);
    await t.app.db
      .updateTable('booking_charges')
      .set({ state: 'paid' })
      .where('booking_id', '=', open[0]!.id)
      .execute();
    await t.app.db.deleteFrom('booking_charges').where('booking_id', '=', open[1]!.id).execute();
    ({ got, expected } = await listings());
    expect(got).toEqual(expected);
    expect(got).toHaveLength(5);

    // taken by a sitter, cancelled, deleted, moved in time
    await t.app.db
      .updateTable('bookings')
      .set({ provider_id: sitter.id, status: 'accepted' })
      .where('id', '=', open[2]!.id)
      .execute();
    await t.app.db
      .updateTable('bookings')
      .set({ status: 'cancelled' })
      .where('id', '=', open[3]!.id)
      .execute();
    await t.app.db.deleteFrom('booking_charges').where('booking_id', '=', open[0]!.id).execute();
    await t.app.db.deleteFrom('bookings').where('id', '=', open[0]!.id).execute();
    await t.app.db
      .updateTable('bookings')
      .set({ start_at: new Date(Date.now() + 90 * 3_600_000).toISOString(), notes: 'moved' })
      .where('id', '=', open[4]!.id)
      .execute();
    ({ got, expected } = await listings());
    expect(got).toEqual(expected);
    expect(got.map((r) => r.booking_id)).toEqual([open[1]!.id, open[4]!.id].sort());

    // owners move, lose and get a point
    await t.app.db
      .updateTable('users')
      .set({ latitude: -33.87, longitude: 151.21 })
      .where('id', '=', porto.id)
      .execute();
    ({ got, expected } = await listings());
    expect(got).toEqual(expected);
    expect(got.every((r) => r.lat_cell === 561)).toBe(true);
    await t.app.db
      .updateTable('users')
      .set({ latitude: null })
      .where('id', '=', porto.id)
      .execute();
    ({ got, expected } = await listings());
    expect(got).toEqual(expected);
    expect(got.every((r) => r.lat_cell === null && r.longitude === null)).toBe(true);
    await t.app.db
      .updateTable('users')
      .set({ latitude: 41.1579, longitude: -8.6291 })
      .where('id', '=', porto.id)
      .execute();
    ({ got, expected } = await listings());
    expect(got).toEqual(expected);
  });

  it('pages the feed the same way at any page size: open nearest first, unlocated, then own', async () => {
    const far = await createUser(t.app, { latitude: 52.52, longitude: 13.4 });
    const rows = [lisbon, porto, nowhere, far, lisbon, far, nowhere, porto].map((o) =>
      booking(o, null, 'pending'),
    );
    await t.app.db
      .insertInto('bookings')
      .values([...rows, booking(porto, sitter.id, 'accepted')])
      .execute();
    const feed = async (query: string) => {
      const res = await call(t, 'GET', `/api/booking/?${query}`, sitter);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        data: { _id: string; provider_id: string | null; distanceKm?: number }[];
        total: number;
      };
    };
    const all = await feed('limit=100');
    const paged: string[] = [];
    for (let page = 1; page <= Math.ceil(all.total / 3); page += 1) {
      const p = await feed(`limit=3&page=${page}`);
      expect(p.total).toBe(all.total);
      paged.push(...p.data.map((b) => b._id));
    }
    expect(paged).toEqual(all.data.map((b) => b._id));
    expect(all.data).toHaveLength(all.total);
    // nearest first among located owners; then those without a point; the sitter's own last
    const open = all.data.filter((b) => b.provider_id === null);
    const km = open.filter((b) => b.distanceKm !== undefined).map((b) => b.distanceKm!);
    expect(km).toEqual([...km].sort((a, b) => a - b));
    expect(km.at(-1)).toBeGreaterThan(2000);
    const firstUnlocated = open.findIndex((b) => b.distanceKm === undefined);
    expect(open.slice(firstUnlocated).every((b) => b.distanceKm === undefined)).toBe(true);
    expect(all.data.at(-1)!.provider_id).toBe(sitter.id);
  });
});
