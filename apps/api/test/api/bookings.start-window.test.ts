import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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

// The default leads, not the test helper's: a sitter may start a booking 2 hours before it begins
// and complete it once it has begun.
let t: TestApp;
let owner: Owner;
let sitter: TestUser;
beforeAll(async () => {
  t = await createTestApp({
    BOOKING_START_LEAD_MINUTES: '120',
    BOOKING_COMPLETE_LEAD_MINUTES: '0',
  });
  owner = await createOwner(t.app);
  sitter = await createProvider(t.app);
});
afterAll(() => closeApp(t));
afterEach(() => {
  vi.useRealTimers();
});

/** A direct 1-hour walk starting `hoursAhead` from now, accepted by the sitter. */
async function acceptedWalk(hoursAhead: number): Promise<string> {
  return (await acceptedWalkAt(Date.now() + hoursAhead * 3600_000)).id;
}

/** A direct walk of `minutes` from `start` (epoch ms), accepted by the sitter. */
async function acceptedWalkAt(
  start: number,
  minutes = 60,
): Promise<{ id: string; startDate: string }> {
  const booking = await postBooking(t, owner, {
    provider_id: sitter.id,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + minutes * 60_000).toISOString(),
  });
  const accepted = await call(t, 'PUT', `/api/booking/accept/${booking._id}`, sitter, {
    providerId: sitter.id,
    decision: 'accepted',
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const stored = await call(t, 'GET', `/api/booking/${booking._id}`, owner);
  return { id: booking._id, startDate: stored.json().booking.startDate as string };
}

const move = (id: string, status: string) =>
  call(t, 'PUT', `/api/booking/accept/${id}`, sitter, { status });

describe('when a sitter may start a booking', () => {
  it('not days ahead: 409, and the owner can still cancel it', async () => {
    const id = await acceptedWalk(72);
    const start = await call(t, 'PUT', `/api/booking/accept/${id}`, sitter, {
      status: 'in-progress',
    });
    expect(start.statusCode).toBe(409);
    expect(start.json().message).toBe('A booking can be started at most 2 hours before it begins');
    const complete = await call(t, 'PUT', `/api/booking/accept/${id}`, sitter, {
      status: 'completed',
    });
    expect(complete.statusCode).toBe(409);
    const cancel = await call(t, 'PUT', `/api/booking/accept/${id}`, owner, {
      status: 'cancelled',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
  });

  it('from two hours before its start on', async () => {
    const id = await acceptedWalk(1);
    const start = await call(t, 'PUT', `/api/booking/accept/${id}`, sitter, {
      status: 'in-progress',
    });
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json().data.status).toBe('in-progress');
  });
});

describe('when a sitter may complete a booking', () => {
  it('not before it has begun: 409 saying from when, and nothing changes', async () => {
    const { id, startDate } = await acceptedWalkAt(Date.now() + 10 * 60_000, 15);
    expect((await move(id, 'in-progress')).statusCode).toBe(200);
    const complete = await move(id, 'completed');
    expect(complete.statusCode).toBe(409);
    expect(complete.json().message).toBe(
      `A booking can be completed once it has begun (from ${startDate})`,
    );
    const detail = await call(t, 'GET', `/api/booking/${id}`, owner);
    expect(detail.json().booking.status).toBe('in-progress');
  });

  it('from its start time on', async () => {
    const { id, startDate } = await acceptedWalkAt(Date.now() + 30 * 60_000, 15);
    expect((await move(id, 'in-progress')).statusCode).toBe(200);
    // The API reads the clock through Date: move only Date to the start, timers stay real.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse(startDate));
    const complete = await move(id, 'completed');
    expect(complete.statusCode, complete.body).toBe(200);
    expect(complete.json().data.status).toBe('completed');
  });
});
