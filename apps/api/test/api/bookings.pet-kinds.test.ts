import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import type { TestUser } from '../helpers/factories.ts';
import {
  bookingBody,
  call,
  closeApp,
  createOwner,
  createProvider,
  type Owner,
} from '../helpers/booking-fixtures.ts';

/*
 * A sitter who names the kinds of pets they take (profile `pet_prefrences`) is asked only for
 * those, as sitter search filters them; one without a preference takes any.
 */
let t: TestApp;
let owner: Owner;
let dogsOnly: TestUser;
let anyPet: TestUser;
let catId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app);
  catId = owner.petIds[1]!;
  await t.app.db
    .updateTable('pets')
    .set({ species: 'cat', name: 'Mochi' })
    .where('id', '=', catId)
    .execute();
  dogsOnly = await createProvider(t.app, undefined, {
    first_name: 'Sam',
    pet_prefrences: '["Dogs"]',
  });
  anyPet = await createProvider(t.app, undefined, { pet_prefrences: '[]' });
}, 60_000);
afterAll(() => closeApp(t));

const ask = (sitter: TestUser, pets: string[]) =>
  call(t, 'POST', '/api/booking/', owner, bookingBody(owner, { provider_id: sitter.id, pets }));

describe('a direct request and the kinds of pets the sitter takes', () => {
  it('refuses a pet the sitter does not take, naming it, and writes nothing', async () => {
    const res = await ask(dogsOnly, [owner.petIds[0]!, catId]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'pets', message: 'Sam does not take this kind of pet: Mochi (cat)' },
    ]);
    const written = await t.app.db
      .selectFrom('bookings')
      .select('id')
      .where('provider_id', '=', dogsOnly.id)
      .execute();
    expect(written).toHaveLength(0);
  });

  it('takes the pets the sitter names, and any pet for a sitter without a preference', async () => {
    expect((await ask(dogsOnly, [owner.petIds[0]!])).statusCode).toBe(201);
    expect((await ask(anyPet, [catId])).statusCode).toBe(201);
  });
});

describe('an open booking and the kinds of pets of the sitters asked', () => {
  const openBooking = async (pets: string[]) => {
    const res = await call(t, 'POST', '/api/booking/', owner, bookingBody(owner, { pets }));
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { data: { _id: string } }).data._id;
  };
  const requestsOf = (bookingId: string) =>
    t.app.db
      .selectFrom('booking_requests')
      .select('id')
      .where('booking_id', '=', bookingId)
      .execute();

  it('refuses to invite a sitter who does not take one of its pets, on providerId', async () => {
    const bookingId = await openBooking([owner.petIds[0]!, catId]);
    const res = await call(t, 'POST', `/api/booking/${bookingId}/send-request`, owner, {
      providerId: dogsOnly.id,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'providerId', message: 'Sam does not take this kind of pet: Mochi (cat)' },
    ]);
    expect(await requestsOf(bookingId)).toHaveLength(0);
  });

  it("refuses a sitter's application for a pet they do not take, naming its kind, not the pet", async () => {
    const bookingId = await openBooking([catId]);
    const res = await call(t, 'POST', `/api/booking/${bookingId}/send-request`, dogsOnly, {});
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(
      'This booking includes a cat, not among the pets you take. ' +
        'Add it to the pets you take in your profile to apply.',
    );
    expect(await requestsOf(bookingId)).toHaveLength(0);
  });

  it("shows a sitter the kinds of an open booking's pets in their feed, not the pets", async () => {
    const bookingId = await openBooking([owner.petIds[0]!, catId]);
    const feed = await call(t, 'GET', '/api/booking/?limit=50', anyPet);
    expect(feed.statusCode, feed.body).toBe(200);
    const listed = (feed.json().data as { _id: string; petKinds?: string[] }[]).find(
      (b) => b._id === bookingId,
    );
    expect(listed?.petKinds).toEqual(['dog', 'cat']);
    expect(feed.body).not.toContain('Mochi');
    // The owner's own list does not need them: they see their pets in full.
    const mine = await call(t, 'GET', `/api/booking/${bookingId}`, owner);
    expect(mine.json().booking.petKinds).toBeUndefined();
  });

  it('tells a sitter in their feed which open bookings hold a kind of pet they do not take', async () => {
    const withCat = await openBooking([owner.petIds[0]!, catId]);
    const dogOnly = await openBooking([owner.petIds[0]!]);
    const feedOf = async (sitter: TestUser) => {
      const res = await call(t, 'GET', '/api/booking/?limit=100', sitter);
      expect(res.statusCode, res.body).toBe(200);
      return new Map((res.json().data as { _id: string }[]).map((b) => [b._id, b] as const));
    };
    const sams = await feedOf(dogsOnly);
    const refusal = (
      await call(t, 'POST', `/api/booking/${withCat}/send-request`, dogsOnly, {})
    ).json().message;
    expect(sams.get(withCat)).toMatchObject({ cannotApply: { reason: 'pets', message: refusal } });
    expect(sams.get(dogOnly)).not.toHaveProperty('cannotApply');
    expect((await feedOf(anyPet)).get(withCat)).not.toHaveProperty('cannotApply');
  });

  it('lets in a sitter taking every pet, by invitation and by application', async () => {
    const dogs = await openBooking([owner.petIds[0]!]);
    const invited = await call(t, 'POST', `/api/booking/${dogs}/send-request`, owner, {
      providerId: dogsOnly.id,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const cats = await openBooking([catId]);
    const applied = await call(t, 'POST', `/api/booking/${cats}/send-request`, anyPet, {});
    expect(applied.statusCode, applied.body).toBe(201);
  });
});
