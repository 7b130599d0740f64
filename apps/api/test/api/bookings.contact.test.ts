/**
 * GET /api/booking/{id}/contact: once a sitter is accepted, each party reads the other's phone
 * and address (the sitter goes to the owner's home, the owner brings a pet to the sitter's), until
 * the booking is completed or cancelled. Who may ask is covered by bookings.permissions.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_NOT_YET } from '../../src/modules/bookings/booking-contact.service.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import type { TestUser } from '../helpers/factories.ts';
import {
  call,
  closeApp,
  createOwner,
  createProvider,
  postBooking,
  RATES,
  type Owner,
} from '../helpers/booking-fixtures.ts';

let t: TestApp;
let owner: Owner;
let sitter: TestUser;

const contact = (id: string, who: TestUser) => call(t, 'GET', `/api/booking/${id}/contact`, who);
const move = (id: string, who: TestUser, body: object) =>
  call(t, 'PUT', `/api/booking/accept/${id}`, who, body);

beforeAll(async () => {
  t = await createTestApp({ BOOKING_START_LEAD_MINUTES: '100000' });
  owner = await createOwner(t.app, {
    phone: '+1 512 555 0101',
    emergency_phone: '+1 512 555 0199',
    address: '12 Elm Street',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    country: 'US',
  });
  sitter = await createProvider(t.app, RATES, {
    phone: '+1 512 555 0202',
    emergency_phone: '  ',
    address: '9 Oak Avenue',
    city: 'Austin',
    state: null,
    zip: null,
    country: 'US',
  });
}, 60_000);
afterAll(() => closeApp(t));

describe('contact details of an assigned booking', () => {
  it('are 409 while the direct request waits for the sitter, for both parties', async () => {
    const b = await postBooking(t, owner, { provider_id: sitter.id });
    for (const who of [owner, sitter]) {
      const res = await contact(b._id, who);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(CONTACT_NOT_YET);
    }
  });

  it('give each party the other one once accepted and while in progress, then stop', async () => {
    const b = await postBooking(t, owner, { provider_id: sitter.id });
    await move(b._id, sitter, { providerId: sitter.id, decision: 'accepted' });

    const forSitter = await contact(b._id, sitter);
    expect(forSitter.statusCode, forSitter.body).toBe(200);
    expect(forSitter.json().data).toEqual({
      userId: owner.id,
      role: 'owner',
      firstName: expect.any(String),
      lastName: expect.any(String),
      phone: '+1 512 555 0101',
      emergencyPhone: '+1 512 555 0199',
      address: '12 Elm Street',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      country: 'US',
    });

    const forOwner = await contact(b._id, owner);
    expect(forOwner.statusCode, forOwner.body).toBe(200);
    expect(forOwner.json().data).toMatchObject({
      userId: sitter.id,
      role: 'provider',
      phone: '+1 512 555 0202',
      emergencyPhone: null,
      address: '9 Oak Avenue',
      state: null,
      zip: null,
    });

    expect((await move(b._id, sitter, { status: 'in-progress' })).statusCode).toBe(200);
    expect((await contact(b._id, owner)).statusCode).toBe(200);

    expect((await move(b._id, sitter, { status: 'completed' })).statusCode).toBe(200);
    const after = await contact(b._id, sitter);
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe(CONTACT_NOT_YET);
  });

  it('stop when the booking is cancelled', async () => {
    const b = await postBooking(t, owner, { provider_id: sitter.id });
    await move(b._id, sitter, { providerId: sitter.id, decision: 'accepted' });
    expect((await contact(b._id, sitter)).statusCode).toBe(200);
    expect((await move(b._id, owner, { status: 'cancelled' })).statusCode).toBe(200);
    expect((await contact(b._id, sitter)).statusCode).toBe(409);
  });

  it('say so when the other party has closed their account', async () => {
    const b = await postBooking(t, owner, { provider_id: sitter.id });
    await move(b._id, sitter, { providerId: sitter.id, decision: 'accepted' });
    const gone = await createProvider(t.app);
    await t.app.db
      .updateTable('bookings')
      .set({ provider_id: gone.id })
      .where('id', '=', b._id)
      .execute();
    await t.app.db
      .updateTable('users')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', gone.id)
      .execute();
    const res = await contact(b._id, owner);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("The other party's account is closed");
  });
});
