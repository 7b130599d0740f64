import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { travelTo } from '../helpers/clock.ts';
import { acceptedSeries, type SeriesOccurrence } from '../helpers/series-fixtures.ts';
import { openSession, type TestUser } from '../helpers/factories.ts';
import {
  call,
  closeApp,
  ownerAndSitter,
  postBooking,
  type Owner,
} from '../helpers/booking-fixtures.ts';

/**
 * Cancelling once the time has come: the owner of an accepted booking may not once it has begun;
 * its sitter may until it ends (a sitter who cannot come: the owner gets everything back), not
 * after. A pending request stays the owner's to withdraw until it expires.
 */
const OWNER_TOO_LATE =
  'This booking has begun, so you can no longer cancel it: if the sitter did not come, ask them ' +
  'to cancel it (you get everything back) or open a dispute';
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

let t: TestApp;
let owner: Owner;
let sitter: TestUser;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
// Each test books its own pair: a sitter's calendar takes one walk at a time.
beforeEach(async () => {
  ({ owner, sitter } = await ownerAndSitter(t.app));
});
afterAll(() => closeApp(t));
afterEach(() => {
  vi.useRealTimers();
});

/** `who` signed in again at the current (travelled) time, for jumps past a session's life. */
async function fresh<T extends TestUser>(who: T): Promise<T> {
  const token = await openSession(t.app, { id: who.id, email: who.email, user_type: who.userType });
  return { ...who, token };
}

/** A direct 2-hour walk starting `minutesAhead`, paid with $40 of credits, accepted. */
async function acceptedWalk(minutesAhead: number, accept = true) {
  const start = Date.now() + minutesAhead * MIN;
  const startDate = new Date(start).toISOString();
  const endDate = new Date(start + 120 * MIN).toISOString();
  const b = await postBooking(t, owner, {
    provider_id: sitter.id,
    startDate,
    endDate,
    creditsToApply: 4000,
  });
  if (accept) {
    const res = await call(t, 'PUT', `/api/booking/accept/${b._id}`, sitter, {
      providerId: sitter.id,
      decision: 'accepted',
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { id: b._id, start, end: start + 120 * MIN, endDate };
}

const cancel = (id: string, who: TestUser) =>
  call(t, 'PUT', `/api/booking/accept/${id}`, who, { status: 'cancelled' });

async function stored(id: string) {
  const res = await call(t, 'GET', `/api/booking/${id}`, owner);
  return res.json().booking as { status: string; creditsRefunded: number };
}

describe('an owner cancelling an accepted booking', () => {
  it('may until its start (late notice: half back)', async () => {
    const walk = await acceptedWalk(30);
    await travelTo(t, walk.start - 1000);
    const res = await cancel(walk.id, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', creditsRefunded: 2000 });
  });

  it('may not once it has begun: 409 saying what to do instead, nothing changes', async () => {
    const walk = await acceptedWalk(30);
    await travelTo(t, walk.start);
    const res = await cancel(walk.id, owner);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(OWNER_TOO_LATE);
    await travelTo(t, walk.end + DAY);
    expect((await cancel(walk.id, await fresh(owner))).json().message).toBe(OWNER_TOO_LATE);
    vi.useRealTimers();
    expect(await stored(walk.id)).toMatchObject({ status: 'accepted', creditsRefunded: 0 });
  });
});

describe('a sitter cancelling an accepted booking they never started', () => {
  it('may until its end, and the owner gets everything back', async () => {
    const walk = await acceptedWalk(30);
    await travelTo(t, walk.end - 1000);
    const res = await cancel(walk.id, sitter);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', creditsRefunded: 4000 });
  });

  it('may not from its end on: 409 naming the end', async () => {
    const walk = await acceptedWalk(30);
    await travelTo(t, walk.end);
    const res = await cancel(walk.id, sitter);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(
      `This booking ended at ${walk.endDate}: it can no longer be cancelled`,
    );
    vi.useRealTimers();
    expect(await stored(walk.id)).toMatchObject({ status: 'accepted', creditsRefunded: 0 });
  });
});

describe('a pending request past its start', () => {
  it('is still withdrawn by its owner, everything back, until the expiry sweep ends it', async () => {
    const walk = await acceptedWalk(30, false);
    await travelTo(t, walk.start + MIN);
    const res = await cancel(walk.id, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', creditsRefunded: 4000 });
  });
});

describe('a weekly series', () => {
  type Occurrence = SeriesOccurrence;

  /** Two weekly walks from 7 days ahead, paid with credits, accepted by the sitter. */
  const twoWalks = () => acceptedSeries(t, owner, sitter, { count: 2, creditsToApply: 4000 });

  it('keeps a begun visit out of the owner cancelling it or the rest; its sitter still may', async () => {
    const series = await twoWalks();
    const [first, second] = series.occurrences as [Occurrence, Occurrence];
    await travelTo(t, Date.parse(first.startAt) + 10 * MIN);
    const [me, them] = [await fresh(owner), await fresh(sitter)];
    const cancelSeries = (who: TestUser, body: Record<string, unknown>) =>
      call(t, 'POST', `/api/booking/series/${series.id}/cancel`, who, body);

    const one = await cancelSeries(me, { scope: 'occurrence', bookingId: first.bookingId });
    expect(one.statusCode, one.body).toBe(409);
    expect(one.json().message).toBe(OWNER_TOO_LATE);
    const rest = await cancelSeries(me, { scope: 'rest' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().data.status).toBe('cancelled');
    expect(rest.json().data.occurrences.map((o: Occurrence) => o.status)).toEqual([
      'accepted',
      'cancelled',
    ]);
    expect(second.status).toBe('accepted');

    // The sitter who cannot come cancels the begun visit: the owner gets all of its share back.
    const late = await cancelSeries(them, { scope: 'occurrence', bookingId: first.bookingId });
    expect(late.statusCode, late.body).toBe(200);
    const visit = await call(t, 'GET', `/api/booking/${first.bookingId}`, me);
    expect(visit.json().booking).toMatchObject({ status: 'cancelled', creditsRefunded: 2000 });
  });

  it('refuses the sitter a visit whose time is over', async () => {
    const series = await twoWalks();
    const [first] = series.occurrences as [Occurrence];
    await travelTo(t, Date.parse(first.endAt));
    const res = await call(
      t,
      'POST',
      `/api/booking/series/${series.id}/cancel`,
      await fresh(sitter),
      {
        scope: 'occurrence',
        bookingId: first.bookingId,
      },
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(
      `This booking ended at ${first.endAt}: it can no longer be cancelled`,
    );
  });
});
