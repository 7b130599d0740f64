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

/**
 * Overbooking races: 50 acceptances of different bookings by one sitter, fired at once, all
 * overlapping one instant. The acceptance locks the sitter before checking the calendar, so
 * exactly `capacity` of them win and the rest get 409 naming the conflict (both engines).
 */

const N = 50;
const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;
const BASE = (() => {
  const d = new Date(Date.now() + 20 * DAY);
  d.setUTCHours(0, 0, 0, 0);
  return d.getTime();
})();
const iso = (t: number) => new Date(t).toISOString();

let t: TestApp;
let owners: Owner[];

beforeAll(async () => {
  t = await createTestApp();
  owners = [];
  for (let i = 0; i < N; i += 1) owners.push(await createOwner(t.app));
}, 120_000);
afterAll(() => closeApp(t));

/**
 * One open booking per owner: start staggered by `stepMs`, each lasting `lengthMs`, so every one
 * overlaps every other (they all cover [start of the last, end of the first]).
 */
async function openBookings(service: string, start: number, lengthMs: number, stepMs: number) {
  const ids: string[] = [];
  for (const [i, owner] of owners.entries()) {
    const from = start + i * stepMs;
    const b = await postBooking(t, owner, {
      service,
      startDate: iso(from),
      endDate: iso(from + lengthMs),
    });
    ids.push(b._id);
  }
  return ids;
}

/** The sitter's accepted bookings and the most of them that overlap at one instant. */
async function occupancy(sitterId: string) {
  const rows = await t.app.db
    .selectFrom('bookings')
    .select(['id', 'start_at', 'end_at'])
    .where('provider_id', '=', sitterId)
    .where('status', '=', 'accepted')
    .execute();
  const events = rows.flatMap((r) => [
    [Date.parse(r.start_at), 1] as const,
    [Date.parse(r.end_at), -1] as const,
  ]);
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let now = 0;
  let max = 0;
  for (const [, d] of events) max = Math.max(max, (now += d));
  return { ids: rows.map((r) => r.id).sort(), maxAtOnce: max };
}

/** Accepts every booking of `ids` for `sitter` at once, each by `by(i)` (the sitter by default). */
function acceptAtOnce(ids: string[], sitter: TestUser, by: (i: number) => TestUser = () => sitter) {
  return Promise.all(
    ids.map((id, i) =>
      call(t, 'PUT', `/api/booking/accept/${id}`, by(i), {
        providerId: sitter.id,
        decision: 'accepted',
      }),
    ),
  );
}

function outcome(results: { statusCode: number; json: () => { message?: string } }[]) {
  const codes = results.map((r) => r.statusCode);
  return {
    ok: codes.filter((c) => c === 200).length,
    refused: codes.filter((c) => c === 409).length,
    other: codes.filter((c) => c !== 200 && c !== 409),
    messages: [
      ...new Set(results.filter((r) => r.statusCode === 409).map((r) => r.json().message)),
    ],
  };
}

describe(`overbooking races (${N} concurrent acceptances)`, () => {
  it('boarding, capacity 1: the sitter accepts 50 invitations at once, one wins', async () => {
    const sitter = await createProvider(t.app, undefined, { first_name: 'Sam' });
    const ids = await openBookings('Boarding', BASE, 3 * DAY, 10 * MINUTE);
    for (const [i, id] of ids.entries()) {
      const res = await call(t, 'POST', `/api/booking/${id}/send-request`, owners[i]!, {
        providerId: sitter.id,
      });
      expect(res.statusCode, res.body).toBe(201); // pending requests occupy nothing
    }
    const results = await acceptAtOnce(ids, sitter);
    const o = outcome(results);
    expect(o.other).toEqual([]);
    expect(o.ok).toBe(1);
    expect(o.refused).toBe(N - 1);
    // The sitter accepting reads about herself.
    expect(o.messages).toEqual(['Your boarding capacity (1) is already taken at that time']);
    const winners = ids.filter((_, i) => results[i]!.statusCode === 200).sort();
    expect(await occupancy(sitter.id)).toEqual({ ids: winners, maxAtOnce: 1 });
    // The losers stay pending with their invitation open: nothing was half-written.
    const pending = await t.app.db
      .selectFrom('booking_requests')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('provider_id', '=', sitter.id)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    expect(Number(pending?.n)).toBe(N - 1);
  }, 120_000);

  it('boarding, capacity 2 (set through the calendar API): 50 owners accept at once, two win', async () => {
    const sitter = await createProvider(t.app, undefined, { first_name: 'Kim' });
    const cap = await call(t, 'PUT', '/api/availability', sitter, {
      capacities: { boarding: 2 },
    });
    expect(cap.statusCode, cap.body).toBe(200);
    const ids = await openBookings('Boarding', BASE + 10 * DAY, 2 * DAY, 17 * MINUTE);
    for (const id of ids) {
      const res = await call(t, 'POST', `/api/booking/${id}/send-request`, sitter);
      expect(res.statusCode, res.body).toBe(201);
    }
    const results = await acceptAtOnce(ids, sitter, (i) => owners[i]!);
    const o = outcome(results);
    expect(o.other).toEqual([]);
    expect(o.ok).toBe(2);
    expect(o.refused).toBe(N - 2);
    expect(o.messages).toEqual(["Kim's boarding capacity (2) is already taken at that time"]);
    const winners = ids.filter((_, i) => results[i]!.statusCode === 200).sort();
    expect(await occupancy(sitter.id)).toEqual({ ids: winners, maxAtOnce: 2 });
  }, 120_000);

  it('hourly walks: the sitter accepts 50 overlapping walks at once, one wins', async () => {
    const sitter = await createProvider(t.app, undefined, { first_name: 'Lee' });
    const ids = await openBookings('Dog walking', BASE + 20 * DAY + 9 * HOUR, HOUR, MINUTE);
    for (const [i, id] of ids.entries()) {
      const res = await call(t, 'POST', `/api/booking/${id}/send-request`, owners[i]!, {
        providerId: sitter.id,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const results = await acceptAtOnce(ids, sitter);
    const o = outcome(results);
    expect(o.other).toEqual([]);
    expect(o.ok).toBe(1);
    expect(o.refused).toBe(N - 1);
    expect(o.messages).toHaveLength(1);
    expect(o.messages[0]).toMatch(
      /^You already have a dog walking booking starting \w{3} \d{1,2} \w{3} \d{4}, \d\d:\d\d UTC$/,
    );
    const winners = ids.filter((_, i) => results[i]!.statusCode === 200).sort();
    expect(await occupancy(sitter.id)).toEqual({ ids: winners, maxAtOnce: 1 });
  }, 120_000);

  it('accepting and declining one direct request at once: one answer wins, never a 500', async () => {
    const sitter = await createProvider(t.app);
    const pairs = 20;
    const ids: string[] = [];
    for (let i = 0; i < pairs; i += 1) {
      const b = await postBooking(t, owners[i]!, {
        provider_id: sitter.id,
        startDate: iso(BASE + 30 * DAY + i * 2 * HOUR),
        endDate: iso(BASE + 30 * DAY + i * 2 * HOUR + HOUR),
      });
      ids.push(b._id);
    }
    const results = await Promise.all(
      ids.flatMap((id) =>
        (['accepted', 'rejected'] as const).map((decision) =>
          call(t, 'PUT', `/api/booking/accept/${id}`, sitter, { providerId: sitter.id, decision }),
        ),
      ),
    );
    for (let i = 0; i < pairs; i += 1) {
      const [accept, decline] = [results[2 * i]!, results[2 * i + 1]!];
      const codes = [accept.statusCode, decline.statusCode].sort();
      expect(codes, `${accept.body} / ${decline.body}`).toEqual([200, 409]);
      const row = await t.app.db
        .selectFrom('bookings')
        .select('status')
        .where('id', '=', ids[i]!)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe(accept.statusCode === 200 ? 'accepted' : 'cancelled');
    }
  }, 120_000);
});
