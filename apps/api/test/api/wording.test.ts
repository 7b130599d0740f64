/**
 * One spelling for one thing: a booking's service inside a sentence is its `serviceWord` ("dog
 * walking", never the stored "dog-walking"); a currency is ISO 4217 upper case wherever it
 * appears; every booking object on the wire names its times startDate/endDate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { call, createOwner, createProvider, type Owner } from '../helpers/booking-fixtures.ts';
import { assignedBooking } from '../helpers/chat-fixtures.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';

let t: TestApp;
let owner: Owner;
let sitter: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app);
  sitter = await createProvider(t.app);
  admin = await createUser(t.app, { user_type: 'admin' });
});
afterAll(() => t.close());

const messagesOf = async (who: TestUser): Promise<string[]> =>
  (await call(t, 'GET', '/api/notifications/all', who))
    .json()
    .allNotifications.map((n: { message: string }) => n.message);

describe('booking status notifications', () => {
  it('name the service as a word, as the acceptance notice does', async () => {
    const bookingId = await assignedBooking(t, owner, sitter);
    expect(await messagesOf(owner)).toContainEqual(expect.stringMatching(/dog walking booking/));
    const cancelled = await call(t, 'PUT', `/api/booking/accept/${bookingId}`, owner, {
      status: 'cancelled',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const told = await messagesOf(sitter);
    expect(told).toContain('The dog walking booking was cancelled');
    expect(told.join('\n')).not.toMatch(/dog-walking/);
  });
});

describe('GET /api/admin-dashboard', () => {
  it('spells both currencies the same way (ISO 4217, upper case)', async () => {
    const { data } = (await call(t, 'GET', '/api/admin-dashboard', admin)).json();
    expect(data.revenue.currency).toBe('USD');
    expect(data.creditsGranted.currency).toBe('USD');
  });
});

describe('GET /api/user/dashboard/{id}', () => {
  it('lists upcoming bookings with startDate and endDate, like every booking object', async () => {
    const bookingId = await assignedBooking(t, owner, sitter);
    const booking = (await call(t, 'GET', `/api/booking/${bookingId}`, owner)).json().booking;
    const { data } = (await call(t, 'GET', `/api/user/dashboard/${owner.id}`, owner)).json();
    const listed = data.upcomingBookings.find((b: { _id: string }) => b._id === bookingId);
    expect(listed).toEqual({
      _id: bookingId,
      status: 'accepted',
      service: booking.service,
      startDate: booking.startDate,
      endDate: booking.endDate,
    });
  });
});
