import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { travelTo } from '../helpers/clock.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import {
  call,
  closeApp,
  ownerAndSitter,
  postBooking,
  type Owner,
} from '../helpers/booking-fixtures.ts';

/**
 * A booking gets one dispute, ever, and only until 14 days after it ends: an open dispute holds
 * the booking's reviews, and a party used to hide bad ones for good by opening a new dispute each
 * time an admin closed the last, on bookings long over. Admins still reopen the one there is.
 */
const EXISTS =
  'This booking already has a dispute, and a booking has only one: an admin can reopen it if ' +
  'the problem is not settled';
const closedAt = (at: number) =>
  `Disputes on this booking closed at ${new Date(at).toISOString()}: one can be opened up to ` +
  '14 days after a booking ends';
const DAY = 86_400_000;

let t: TestApp;
let owner: Owner;
let sitter: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { user_type: 'admin' });
}, 60_000);
beforeEach(async () => {
  ({ owner, sitter } = await ownerAndSitter(t.app));
});
afterAll(() => closeApp(t));
afterEach(() => {
  vi.useRealTimers();
});

/** A direct 2-hour walk starting an hour from now, accepted; its id and end (epoch ms). */
async function acceptedWalk() {
  const start = Date.now() + 3600_000;
  const b = await postBooking(t, owner, {
    provider_id: sitter.id,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 2 * 3600_000).toISOString(),
  });
  const res = await call(t, 'PUT', `/api/booking/accept/${b._id}`, sitter, {
    providerId: sitter.id,
    decision: 'accepted',
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id: b._id, end: start + 2 * 3600_000 };
}

const move = async (id: string, status: string) => {
  const res = await call(t, 'PUT', `/api/booking/accept/${id}`, sitter, { status });
  expect(res.statusCode, res.body).toBe(200);
};

const dispute = (bookingId: string, who: TestUser = owner) =>
  call(t, 'POST', '/api/dispute/', who, { bookingId, reason: 'Walk cut short' });

const setStatus = (id: string, status: string) =>
  call(t, 'PUT', `/api/dispute/status-update/${id}`, admin, { status });

describe('one dispute per booking', () => {
  it('a second one, by either party and whatever the first one became, is 409; admins reopen it', async () => {
    const walk = await acceptedWalk();
    const first = await dispute(walk.id);
    expect(first.statusCode, first.body).toBe(201);
    const id = first.json().data._id as string;
    for (const status of ['open', 'closed', 'resolved']) {
      if (status !== 'open') expect((await setStatus(id, status)).statusCode).toBe(200);
      for (const who of [owner, sitter]) {
        const res = await dispute(walk.id, who);
        expect(res.statusCode, `${status}: ${res.body}`).toBe(409);
        expect(res.json().message).toBe(EXISTS);
      }
    }
    const reopened = await setStatus(id, 'open');
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().data).toMatchObject({ status: 'open', reopened: true });
    const all = await call(t, 'GET', '/api/dispute/', owner);
    expect(all.json().data.map((d: { _id: string }) => d._id)).toEqual([id]);
  });

  it('two parties opening at the same instant: one dispute, and the other hears why', async () => {
    const walk = await acceptedWalk();
    const answers = await Promise.all([dispute(walk.id, owner), dispute(walk.id, sitter)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().message).toBe(EXISTS);
    const rows = await t.app.db
      .selectFrom('disputes')
      .select('id')
      .where('booking_id', '=', walk.id)
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe('until 14 days after the booking ends', () => {
  it('opens up to the last moment of the 14 days after its end', async () => {
    const walk = await acceptedWalk();
    await travelTo(t, walk.end + 14 * DAY - 1, [owner, sitter, admin]);
    const res = await dispute(walk.id);
    expect(res.statusCode, res.body).toBe(201);
  });

  it('is 409 from then on, saying until when it was open', async () => {
    const walk = await acceptedWalk();
    await travelTo(t, walk.end + 14 * DAY, [owner, sitter, admin]);
    for (const who of [owner, sitter]) {
      const res = await dispute(walk.id, who);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(closedAt(walk.end + 14 * DAY));
    }
  });

  it('counts from the completion when the sitter completed after the end', async () => {
    const walk = await acceptedWalk();
    await move(walk.id, 'in-progress');
    const completedAt = walk.end + 3 * DAY;
    await travelTo(t, completedAt, [owner, sitter, admin]);
    await move(walk.id, 'completed');
    await travelTo(t, walk.end + 15 * DAY, [owner, sitter, admin]);
    expect((await dispute(walk.id)).statusCode).toBe(201);
  });

  it('counts from the end time for a booking cancelled after its acceptance', async () => {
    const walk = await acceptedWalk();
    const cancel = await call(t, 'PUT', `/api/booking/accept/${walk.id}`, owner, {
      status: 'cancelled',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await travelTo(t, walk.end + 14 * DAY, [owner, sitter, admin]);
    const res = await dispute(walk.id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(closedAt(walk.end + 14 * DAY));
  });
});
