/**
 * DESIGN §4: "404 not found (also for records the caller may not see)". Another user's own views
 * (pets, KYC records, credits, dashboard) and an admin's read of a chat with no dispute answer the
 * caller exactly as a record that does not exist would, never 403; admins keep what DESIGN lets
 * them see, and a role-forbidden action (an admin writing in a chat) stays 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { call, createOwner, createProvider, type Owner } from '../helpers/booking-fixtures.ts';
import { assignedBooking, postMessage } from '../helpers/chat-fixtures.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { doc, submitKyc } from '../helpers/kyc-fixtures.ts';
import { PNG_1PX } from '../helpers/booking-fixtures.ts';

let t: TestApp;
let owner: Owner;
let sitter: TestUser;
let stranger: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app);
  sitter = await createProvider(t.app);
  stranger = await createUser(t.app);
  admin = await createUser(t.app, { user_type: 'admin' });
  const kyc = await submitKyc(t, owner, { text: 'Mine', userId: owner.id }, [
    doc(PNG_1PX, 'a.png'),
  ]);
  expect(kyc.statusCode, kyc.body).toBe(201);
});
afterAll(() => t.close());

const VIEWS = {
  pets: (id: string) => `/api/pets/user/${id}`,
  'KYC records': (id: string) => `/api/kyc/user/${id}`,
  credits: (id: string) => `/api/userCredit/user-credits/${id}`,
  dashboard: (id: string) => `/api/user/dashboard/${id}`,
};

describe("another user's own view", () => {
  it.each(Object.entries(VIEWS))(
    '%s: 404 with the message of an unknown user, 200 for the user and admins',
    async (_, path) => {
      const unknown = await call(t, 'GET', path(newId()), admin);
      expect(unknown.statusCode).toBe(404);
      for (const who of [stranger, sitter]) {
        const res = await call(t, 'GET', path(owner.id), who);
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json().message).toBe(unknown.json().message);
      }
      expect((await call(t, 'GET', path(owner.id), owner)).statusCode).toBe(200);
      expect((await call(t, 'GET', path(owner.id), admin)).statusCode).toBe(200);
    },
  );
});

describe('an admin and a booking chat without a dispute', () => {
  it('reads the thread, the transcript and a message as missing (404); writing stays 403', async () => {
    const bookingId = await assignedBooking(t, owner, sitter);
    const message = await postMessage(t, owner, bookingId, 'See you at nine');
    const thread = await call(t, 'GET', `/api/messages/thread?bookingId=${bookingId}`, admin);
    expect(thread.statusCode).toBe(404);
    expect(thread.json().message).toBe('Booking not found');
    const transcript = await call(t, 'GET', `/api/messages/booking/${bookingId}`, admin);
    expect(transcript.statusCode).toBe(404);
    expect(transcript.json().message).toBe('Booking not found');
    const one = await call(t, 'GET', `/api/messages/${message._id}`, admin);
    expect(one.statusCode).toBe(404);
    const write = await call(t, 'POST', '/api/messages/', admin, { bookingId, text: 'Hello' });
    expect(write.statusCode).toBe(403);
  });
});
