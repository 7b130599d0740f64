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

// The default lead (2 hours), not the test helper's: how early a sitter may start a booking.
let t: TestApp;
let owner: Owner;
let sitter: TestUser;
beforeAll(async () => {
  t = await createTestApp({ BOOKING_START_LEAD_MINUTES: '120' });
  owner = await createOwner(t.app);
  sitter = await createProvider(t.app);
});
afterAll(() => closeApp(t));

/** A direct 1-hour walk starting `hoursAhead` from now, accepted by the sitter. */
async function acceptedWalk(hoursAhead: number): Promise<string> {
  const start = Date.now() + hoursAhead * 3600_000;
  const booking = await postBooking(t, owner, {
    provider_id: sitter.id,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 3600_000).toISOString(),
  });
  const accepted = await call(t, 'PUT', `/api/booking/accept/${booking._id}`, sitter, {
    providerId: sitter.id,
    decision: 'accepted',
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return booking._id;
}

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
