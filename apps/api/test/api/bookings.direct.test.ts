import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import type { TestUser } from '../helpers/factories.ts';
import {
  call,
  closeApp,
  createOwner,
  createProvider,
  grant,
  hoursFromNow,
  postBooking,
  type Owner,
} from '../helpers/booking-fixtures.ts';

let t: TestApp;
let owner: Owner;
let sitter: TestUser;
let other: TestUser;

async function balance(who: TestUser): Promise<number> {
  const res = await call(t, 'GET', `/api/userCredit/user-credits/${who.id}`, who);
  expect(res.statusCode).toBe(200);
  return res.json().data.balance;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app);
  sitter = await createProvider(
    t.app,
    { Boarding: 4500, 'Dog walking': 2000 },
    { currency: 'EUR' },
  );
  other = await createProvider(t.app);
  await grant(t.app, owner.id, 10_000);
}, 60_000);
afterAll(() => closeApp(t));

describe('quote', () => {
  it('prices nights for boarding and caps the credits applicable', async () => {
    const res = await call(t, 'POST', '/api/booking/quote', owner, {
      provider_id: sitter.id,
      service: 'Boarding',
      startDate: hoursFromNow(72),
      endDate: hoursFromNow(72 + 49),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      units: 3,
      unitLabel: 'night',
      rateCents: 4500,
      rateSource: 'sitter',
      amountCents: 13_500,
      currency: 'EUR',
      creditsBalance: 10_000,
      maxCreditsApplicable: 10_000,
      available: true,
    });
  });

  it('refuses a service the sitter does not offer', async () => {
    const res = await call(t, 'POST', '/api/booking/quote', owner, {
      provider_id: sitter.id,
      service: 'Grooming',
      startDate: hoursFromNow(72),
      endDate: hoursFromNow(74),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/does not offer/);
  });

  it.each(['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'])(
    'refuses "%s", a name every object inherits, as a service not offered (quote and booking)',
    async (service) => {
      const body = {
        provider_id: sitter.id,
        service,
        startDate: hoursFromNow(72),
        endDate: hoursFromNow(74),
      };
      const quote = await call(t, 'POST', '/api/booking/quote', owner, body);
      expect(quote.statusCode, quote.body).toBe(400);
      expect(quote.json().message).toContain(`This sitter does not offer "${service}"`);
      const booking = await call(t, 'POST', '/api/booking/', owner, {
        ...body,
        pets: owner.petIds.slice(0, 1),
      });
      expect(booking.statusCode, booking.body).toBe(400);
      expect(booking.json().message).toContain(`This sitter does not offer "${service}"`);
    },
  );
});

describe('direct request with credits', () => {
  it('prices at creation, spends the credits and lets the invited sitter accept', async () => {
    const b = await postBooking(t, owner, {
      provider_id: sitter.id,
      service: 'Boarding',
      startDate: hoursFromNow(96),
      endDate: hoursFromNow(96 + 48),
      creditsToApply: 3000,
    });
    expect(b).toMatchObject({
      status: 'pending',
      provider_id: sitter.id,
      price: { amountCents: 9000, currency: 'EUR', units: 2, unitLabel: 'night' },
      creditsApplied: 3000,
      amountDueCents: 6000,
    });
    expect(await balance(owner)).toBe(7000);
    const ledger = await call(t, 'GET', `/api/userCredit/user-credits/${owner.id}`, owner);
    expect(ledger.json().data.entries[0]).toMatchObject({ amount: -3000, bookingId: b._id });

    // Other sitters cannot apply to a direct request, and the owner cannot decide for the sitter.
    expect((await call(t, 'POST', `/api/booking/${b._id}/send-request`, other)).statusCode).toBe(
      404,
    );
    const ownerDecides = await call(t, 'PUT', `/api/booking/accept/${b._id}`, owner, {
      providerId: sitter.id,
      decision: 'accepted',
    });
    expect(ownerDecides.statusCode).toBe(403);
    const reqs = await call(t, 'GET', `/api/booking/${b._id}/requests`, sitter);
    expect(reqs.json().providers).toMatchObject([
      { providerId: sitter.id, initiatedBy: 'owner', state: 'pending' },
    ]);
    const ok = await call(t, 'PUT', `/api/booking/accept/${b._id}`, sitter, {
      providerId: sitter.id,
      decision: 'accepted',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'accepted', provider_id: sitter.id });

    // Owner cancels ≥ 48 h ahead: full refund.
    const cancel = await call(t, 'PUT', `/api/booking/accept/${b._id}`, owner, {
      status: 'cancelled',
      note: 'Plans changed',
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().data).toMatchObject({ status: 'cancelled', creditsRefunded: 3000 });
    expect(await balance(owner)).toBe(10_000);
    const again = await call(t, 'PUT', `/api/booking/accept/${b._id}`, owner, {
      status: 'cancelled',
    });
    expect(again.statusCode).toBe(409);
  });

  it('refunds half when the owner cancels late, in full when the sitter cancels', async () => {
    const late = await postBooking(t, owner, {
      provider_id: sitter.id,
      startDate: hoursFromNow(24),
      endDate: hoursFromNow(25),
      creditsToApply: 1001,
    });
    await call(t, 'PUT', `/api/booking/accept/${late._id}`, sitter, {
      providerId: sitter.id,
      decision: 'accepted',
    });
    const c1 = await call(t, 'PUT', `/api/booking/accept/${late._id}`, owner, {
      status: 'cancelled',
    });
    expect(c1.json().data.creditsRefunded).toBe(500);
    expect(await balance(owner)).toBe(10_000 - 501);

    const bySitter = await postBooking(t, owner, {
      provider_id: sitter.id,
      startDate: hoursFromNow(10),
      endDate: hoursFromNow(11),
      creditsToApply: 2000,
    });
    await call(t, 'PUT', `/api/booking/accept/${bySitter._id}`, sitter, {
      providerId: sitter.id,
      decision: 'accepted',
    });
    const c2 = await call(t, 'PUT', `/api/booking/accept/${bySitter._id}`, sitter, {
      status: 'cancelled',
    });
    expect(c2.json().data.creditsRefunded).toBe(2000);
    expect(c2.json().data.timeline.at(-1)).toMatchObject({ type: 'cancelled', by: 'sitter' });
    expect(await balance(owner)).toBe(10_000 - 501);
  });

  it('cancels and refunds a direct request the sitter declines', async () => {
    const b = await postBooking(t, owner, { provider_id: sitter.id, creditsToApply: 1500 });
    const res = await call(t, 'PUT', `/api/booking/accept/${b._id}`, sitter, {
      providerId: sitter.id,
      decision: 'rejected',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', creditsRefunded: 1500 });
    // The sitter is no longer the booking's, but the timeline still says who declined.
    expect(res.json().data.timeline.at(-1)).toMatchObject({ type: 'declined', by: 'sitter' });
    expect(await balance(owner)).toBe(10_000 - 501);
  });

  it('refuses more credits than the balance or the price, and credits on open bookings', async () => {
    const tooMuch = await call(t, 'POST', '/api/booking/', owner, {
      service: 'Boarding',
      pets: [owner.petIds[0]],
      startDate: hoursFromNow(100),
      endDate: hoursFromNow(100 + 24 * 30),
      provider_id: sitter.id,
      creditsToApply: 100_000,
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toMatch(/Not enough credits/);
    const overPrice = await call(t, 'POST', '/api/booking/', owner, {
      service: 'Dog walking',
      pets: [owner.petIds[0]],
      startDate: hoursFromNow(100),
      endDate: hoursFromNow(101),
      provider_id: sitter.id,
      creditsToApply: 2001,
    });
    expect(overPrice.statusCode).toBe(400);
    const open = await call(t, 'POST', '/api/booking/', owner, {
      service: 'Dog walking',
      pets: [owner.petIds[0]],
      startDate: hoursFromNow(100),
      endDate: hoursFromNow(101),
      creditsToApply: 100,
    });
    expect(open.statusCode).toBe(400);
    expect(await balance(owner)).toBe(10_000 - 501);
    const count = await t.app.db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(count?.n)).toBe(4); // the three refused ones left nothing behind
  });
});

describe('owner invitations on an open booking', () => {
  it('lets the invited sitter accept, prices from their rate, and refuses a second invitation', async () => {
    const b = await postBooking(t, owner);
    const inv = await call(t, 'POST', `/api/booking/${b._id}/send-request`, owner, {
      providerId: sitter.id,
    });
    expect(inv.statusCode, inv.body).toBe(201);
    expect(inv.json().data).toMatchObject({ initiatedBy: 'owner', state: 'pending' });
    const dup = await call(t, 'POST', `/api/booking/${b._id}/send-request`, owner, {
      providerId: sitter.id,
    });
    expect(dup.statusCode).toBe(409);
    const noTarget = await call(t, 'POST', `/api/booking/${b._id}/send-request`, owner, {});
    expect(noTarget.statusCode).toBe(400);
    const ownerAccepts = await call(t, 'PUT', `/api/booking/accept/${b._id}`, owner, {
      providerId: sitter.id,
      decision: 'accepted',
    });
    expect(ownerAccepts.statusCode).toBe(403);
    const ok = await call(t, 'PUT', `/api/booking/accept/${b._id}`, sitter, {
      providerId: sitter.id,
      decision: 'accepted',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.price).toMatchObject({ amountCents: 4000, currency: 'EUR' });
  });

  it('keeps an open booking open when an application is rejected', async () => {
    const b = await postBooking(t, owner);
    await call(t, 'POST', `/api/booking/${b._id}/send-request`, other);
    const res = await call(t, 'PUT', `/api/booking/accept/${b._id}`, owner, {
      providerId: other.id,
      decision: 'rejected',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'pending', provider_id: null });
    const reqs = await call(t, 'GET', `/api/booking/${b._id}/requests`, owner);
    expect(reqs.json().providers[0].state).toBe('rejected');
    // a rejected applicant loses sight of the booking, so cannot apply again either
    const retry = await call(t, 'POST', `/api/booking/${b._id}/send-request`, other);
    expect(retry.statusCode).toBe(404);
    const cancel = await call(t, 'PUT', `/api/booking/accept/${b._id}`, owner, {
      status: 'cancelled',
    });
    expect(cancel.json().data.status).toBe('cancelled');
  });
});

describe('a listed service without an own rate', () => {
  it("is quoted, booked and shown at the catalogue's suggested rate", async () => {
    const lister = await createProvider(
      t.app,
      { 'Dog walking': 2500 },
      { primary_services: JSON.stringify(['Boarding', 'dog-walking']) },
    );
    const dates = { startDate: hoursFromNow(72), endDate: hoursFromNow(72 + 24) };
    const quote = await call(t, 'POST', '/api/booking/quote', owner, {
      provider_id: lister.id,
      service: 'boarding',
      ...dates,
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().data).toMatchObject({
      units: 1,
      rateCents: 4500,
      rateSource: 'suggested',
      amountCents: 4500,
    });
    const own = await call(t, 'POST', '/api/booking/quote', owner, {
      provider_id: lister.id,
      service: 'Dog walking',
      ...dates,
    });
    expect(own.json().data).toMatchObject({ rateCents: 2500, rateSource: 'sitter' });
    const booking = await postBooking(t, owner, {
      service: 'Boarding',
      provider_id: lister.id,
      ...dates,
    });
    expect(booking).toMatchObject({ status: 'pending', price: { rateCents: 4500 } });
    const unlisted = await call(t, 'POST', '/api/booking/quote', owner, {
      provider_id: lister.id,
      service: 'Grooming',
      ...dates,
    });
    expect(unlisted.statusCode).toBe(400);
    expect(unlisted.json().message).toMatch(/does not offer "Grooming"/);
    const card = await call(t, 'GET', `/api/user/${lister.id}`, owner);
    expect(card.json().data).toMatchObject({
      service_rates: { 'Dog walking': 2500 },
      suggested_rates: { boarding: 4500 },
    });
  });
});
