import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, nowIso } from '../../src/lib/ids.ts';
import { MAX_PETS_LISTED } from '../../src/modules/pets/pets.repository.ts';
import { MAX_PETS_PER_OWNER } from '../../src/modules/pets/pets.service.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import {
  bookingRow,
  bookingBody,
  call,
  closeApp,
  createOwner,
  createProvider,
  grant,
  multipart,
  PNG_1PX,
  postBooking,
  type Owner,
} from '../helpers/booking-fixtures.ts';
import { submitSandbox } from '../helpers/checkout.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { acceptedSeries, seriesBody } from '../helpers/series-fixtures.ts';

/**
 * DELETE /api/pets/{petId}: an owner takes a pet off their profile. Soft: past bookings keep it
 * (GET …?include=removed lists it with removedAt), but it leaves the list, the cap and new
 * bookings; refused (409) while the pet is on a booking that is not over.
 */
let t: TestApp;
let sitter: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  sitter = await createProvider(t.app);
}, 60_000);
afterAll(() => closeApp(t));

const remove = (petId: string, who: TestUser) => call(t, 'DELETE', `/api/pets/${petId}`, who);
const listOf = (owner: TestUser, who: TestUser = owner, query = '') =>
  call(t, 'GET', `/api/pets/user/${owner.id}${query}`, who);
const namesIn = (res: { json: () => { result: { name: string }[] } }) =>
  res
    .json()
    .result.map((p) => p.name)
    .sort();

async function newOwner(): Promise<Owner> {
  const owner = await createOwner(t.app); // Rex and Bella
  await grant(t.app, owner.id, 100_000);
  return owner;
}

/** A direct walk with the sitter for the owner's Rex, accepted by the sitter. */
async function acceptedWalk(owner: Owner): Promise<string> {
  const booking = await postBooking(t, owner, { provider_id: sitter.id });
  const accepted = await call(t, 'PUT', `/api/booking/accept/${booking._id}`, sitter, {
    providerId: sitter.id,
    decision: 'accepted',
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return booking._id;
}

const move = (bookingId: string, who: TestUser, status: string) =>
  call(t, 'PUT', `/api/booking/accept/${bookingId}`, who, { status });

const STILL_BOOKED = 'Rex is on a booking that is not over yet. Cancel or finish it first.';

describe('DELETE /api/pets/{petId}', () => {
  it("removes the owner's pet: 200, gone from the list, the row and its photo kept", async () => {
    const owner = await newOwner();
    const added = await t.call({
      method: 'POST',
      url: '/api/pets',
      token: owner.token,
      ...multipart({ userId: owner.id, name: 'Pepper' }, [
        { field: 'photo', name: 'p.png', type: 'image/png', data: PNG_1PX },
      ]),
    });
    expect(added.statusCode, added.body).toBe(201);
    const pepper = added.json().data as { _id: string; image: string };

    const res = await remove(pepper._id, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Pet removed' });

    expect(namesIn(await listOf(owner))).toEqual(['Bella', 'Rex']);
    const row = await t.app.db
      .selectFrom('pets')
      .select(['removed_at', 'image_path'])
      .where('id', '=', pepper._id)
      .executeTakeFirstOrThrow();
    expect(row.removed_at).not.toBeNull();
    expect(row.image_path).not.toBeNull();
    expect((await call(t, 'GET', pepper.image, owner)).statusCode).toBe(200);
  });

  it("is 404 'Pet not found' for anyone but the owner, an unknown id and a removed pet", async () => {
    const owner = await newOwner();
    const rex = owner.petIds[0]!;
    // The sitter of an accepted booking sees Rex, and still may not remove him.
    const bookingId = await acceptedWalk(owner);
    const strangers = [
      await createOwner(t.app),
      sitter,
      await createUser(t.app, { user_type: 'admin' }),
    ];
    for (const who of strangers) {
      const res = await remove(rex, who);
      expect(res.statusCode, `${who.userType}: ${res.body}`).toBe(404);
      expect(res.json().message).toBe('Pet not found');
    }
    expect((await remove(newId(), owner)).json()).toMatchObject({ message: 'Pet not found' });
    expect((await remove('nonexistent', owner)).statusCode).toBe(404);

    expect((await move(bookingId, owner, 'cancelled')).statusCode).toBe(200);
    expect((await remove(rex, owner)).statusCode).toBe(200);
    const again = await remove(rex, owner);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Pet not found');
  });

  it('needs a session', async () => {
    const owner = await newOwner();
    const res = await t.call({ method: 'DELETE', url: `/api/pets/${owner.petIds[0]}` });
    expect(res.statusCode).toBe(401);
  });

  it('two removals at once: one is 200, the other 404', async () => {
    const owner = await newOwner();
    const answers = await Promise.all([
      remove(owner.petIds[0]!, owner),
      remove(owner.petIds[0]!, owner),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
  });
});

describe('a pet on a booking that is not over', () => {
  it('is 409 naming the pet while the booking is pending; removable once it is cancelled', async () => {
    const owner = await newOwner();
    const booking = await postBooking(t, owner); // open, no sitter yet
    const refused = await remove(owner.petIds[0]!, owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(STILL_BOOKED);
    // Bella is on no booking.
    expect((await remove(owner.petIds[1]!, owner)).statusCode).toBe(200);
    expect(namesIn(await listOf(owner))).toEqual(['Rex']);

    expect((await move(booking._id, owner, 'cancelled')).statusCode).toBe(200);
    expect((await remove(owner.petIds[0]!, owner)).statusCode).toBe(200);
  });

  it('is 409 while accepted and in progress; removable once the booking is completed', async () => {
    const owner = await newOwner();
    const bookingId = await acceptedWalk(owner);
    expect((await remove(owner.petIds[0]!, owner)).json().message).toBe(STILL_BOOKED);
    expect((await move(bookingId, sitter, 'in-progress')).statusCode).toBe(200);
    const inProgress = await remove(owner.petIds[0]!, owner);
    expect(inProgress.statusCode).toBe(409);
    expect(inProgress.json().message).toBe(STILL_BOOKED);

    const done = await move(bookingId, sitter, 'completed');
    expect(done.statusCode, done.body).toBe(200);
    expect((await remove(owner.petIds[0]!, owner)).statusCode).toBe(200);
    // The completed booking still names Rex.
    const detail = await call(t, 'GET', `/api/booking/${bookingId}`, owner);
    expect(detail.json().booking.pets).toEqual([owner.petIds[0]]);
  });

  it('is 409 while on a weekly series waiting for its sitter, and on its accepted visits', async () => {
    const owner = await newOwner();
    const asked = await call(t, 'POST', '/api/booking/series', owner, seriesBody(owner, sitter));
    expect(asked.statusCode, asked.body).toBe(201);
    const { checkoutUrl } = asked.json() as { checkoutUrl?: string | null };
    if (checkoutUrl)
      expect((await submitSandbox(t, checkoutUrl, 'Pay')).statusCode).toBeLessThan(400);
    const pending = await remove(owner.petIds[0]!, owner);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe(STILL_BOOKED);

    const other = await newOwner();
    await acceptedSeries(t, other, sitter);
    const accepted = await remove(other.petIds[0]!, other);
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().message).toBe(STILL_BOOKED);
  });

  it("another owner's booking naming the same text does not hold the pet", async () => {
    const owner = await newOwner();
    const other = await newOwner();
    // A row no API call would write: another owner's open booking listing this owner's pet.
    await t.app.db
      .insertInto('bookings')
      .values(bookingRow(other.id, { status: 'pending', pets: JSON.stringify([owner.petIds[0]]) }))
      .execute();
    expect((await remove(owner.petIds[0]!, owner)).statusCode).toBe(200);
  });
});

describe('a removed pet', () => {
  it('is listed again with include=removed, with removedAt; live pets have removedAt null', async () => {
    const owner = await newOwner();
    expect((await remove(owner.petIds[1]!, owner)).statusCode).toBe(200);
    expect(namesIn(await listOf(owner))).toEqual(['Rex']);
    const all = await listOf(owner, owner, '?include=removed');
    expect(all.statusCode, all.body).toBe(200);
    const pets = all.json().result as { name: string; removedAt: string | null }[];
    expect(pets.map((p) => p.name).sort()).toEqual(['Bella', 'Rex']);
    const bella = pets.find((p) => p.name === 'Bella')!;
    expect(new Date(bella.removedAt!).toISOString()).toBe(bella.removedAt);
    expect(pets.find((p) => p.name === 'Rex')!.removedAt).toBeNull();
    expect((await listOf(owner)).json().result[0].removedAt).toBeNull();
    // Admins see them as the owner does.
    const admin = await createUser(t.app, { user_type: 'admin' });
    expect(namesIn(await listOf(owner, admin, '?include=removed'))).toEqual(['Bella', 'Rex']);
  });

  it('shows to a sitter only when it was on one of their bookings (include=removed)', async () => {
    const owner = await newOwner();
    const bookingId = await acceptedWalk(owner); // Rex
    await move(bookingId, sitter, 'in-progress');
    await move(bookingId, sitter, 'completed');
    expect((await remove(owner.petIds[0]!, owner)).statusCode).toBe(200);
    expect((await remove(owner.petIds[1]!, owner)).statusCode).toBe(200);
    // Rex is off the profile: by default nothing of the booking's pets is listed.
    expect((await listOf(owner, sitter)).json().result).toEqual([]);
    expect(namesIn(await listOf(owner, sitter, '?include=removed'))).toEqual(['Rex']);
    const stranger = await createProvider(t.app);
    expect((await listOf(owner, stranger, '?include=removed')).statusCode).toBe(404);
  });

  it('with include=removed the live pets come first, however many pets were removed', async () => {
    const owner = await createUser(t.app);
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
    await t.app.db
      .insertInto('pets')
      .values(
        Array.from({ length: MAX_PETS_LISTED }, (_, i) => ({
          id: newId(),
          user_id: owner.id,
          name: `Gone ${i}`,
          species: 'dog',
          sex: 'unknown',
          created_at: at(i),
          updated_at: at(i),
          removed_at: at(i),
        })),
      )
      .execute();
    const added = await t.call({
      method: 'POST',
      url: '/api/pets',
      token: owner.token,
      ...multipart({ userId: owner.id, name: 'Newest' }),
    });
    expect(added.statusCode, added.body).toBe(201);
    const all = (await listOf(owner, owner, '?include=removed')).json().result as {
      name: string;
    }[];
    expect(all).toHaveLength(MAX_PETS_LISTED);
    expect(all[0]!.name).toBe('Newest');
    // Then the most recently removed first.
    expect(all[1]!.name).toBe(`Gone ${MAX_PETS_LISTED - 1}`);
  });

  it('include takes only `removed`: anything else is 400 with a message', async () => {
    const owner = await newOwner();
    for (const query of ['?include=all', '?include=REMOVED', '?include=removed&include=removed']) {
      const res = await listOf(owner, owner, query);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(res.json().message).toMatch(/include/);
    }
    expect((await listOf(owner, owner, '?include=')).statusCode).toBe(200);
  });

  it('cannot be edited: PUT is 404', async () => {
    const owner = await newOwner();
    expect((await remove(owner.petIds[0]!, owner)).statusCode).toBe(200);
    const res = await t.call({
      method: 'PUT',
      url: `/api/pets/${owner.petIds[0]}`,
      token: owner.token,
      ...multipart({ name: 'Rex again' }),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Pet not found');
  });

  it('cannot be put on a new booking or series: 400 on pets', async () => {
    const owner = await newOwner();
    expect((await remove(owner.petIds[0]!, owner)).statusCode).toBe(200);
    const booking = await call(t, 'POST', '/api/booking/', owner, bookingBody(owner));
    expect(booking.statusCode).toBe(400);
    expect(booking.json().message).toBe('pets: Choose pets from your own profile');
    const series = await call(t, 'POST', '/api/booking/series', owner, seriesBody(owner, sitter));
    expect(series.statusCode).toBe(400);
    expect(series.json().message).toBe('pets: Choose pets from your own profile');
    // Bella, still on the profile, can be booked.
    const bella = await call(t, 'POST', '/api/booking/', owner, {
      ...bookingBody(owner),
      pets: [owner.petIds[1]],
    });
    expect(bella.statusCode, bella.body).toBe(201);
  });

  it('does not count toward the per-owner cap', async () => {
    const owner = await createUser(t.app);
    const now = nowIso();
    const ids = Array.from({ length: MAX_PETS_PER_OWNER }, () => newId());
    await t.app.db
      .insertInto('pets')
      .values(
        ids.map((id, i) => ({
          id,
          user_id: owner.id,
          name: `Pet ${i}`,
          species: 'dog',
          sex: 'unknown',
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const add = () =>
      t.call({
        method: 'POST',
        url: '/api/pets',
        token: owner.token,
        ...multipart({ userId: owner.id, name: 'Newcomer' }),
      });
    expect((await add()).statusCode).toBe(409);
    expect((await remove(ids[0]!, owner)).statusCode).toBe(200);
    const added = await add();
    expect(added.statusCode, added.body).toBe(201);
    expect((await listOf(owner)).json().result).toHaveLength(MAX_PETS_PER_OWNER);
    expect(await add().then((r) => r.statusCode)).toBe(409);
  });
});
