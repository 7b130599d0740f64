import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, nowIso } from '../../src/lib/ids.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/factories.ts';
import { multipartBody, pngImage, type FormFile } from '../helpers/multipart-form.ts';
import { runPermissionMatrix, type Actors } from '../helpers/permission-matrix.ts';
import {
  call,
  createOwner,
  createProvider,
  insertPet,
  postBooking,
} from '../helpers/booking-fixtures.ts';
import type { TestUser } from '../helpers/factories.ts';

let t: TestApp;
let actors: Actors;
type Fixtures = { ownerId: string; petId: string; strangerPetId: string };
let fixtures: Fixtures;

async function form(
  method: string,
  url: string,
  token: string,
  fields: Record<string, string>,
  files: FormFile[] = [],
) {
  return t.call({ method, url, token, ...(await multipartBody(fields, files)) });
}

beforeAll(async () => {
  t = await createTestApp();
  actors = {
    owner: await createUser(t.app),
    'another owner': await createUser(t.app),
    provider: await createUser(t.app, { user_type: 'provider' }),
    'another provider': await createUser(t.app, { user_type: 'provider' }),
    admin: await createUser(t.app, { user_type: 'admin' }),
  };
  const res = await form('POST', '/api/pets', actors.owner.token, {
    userId: actors.owner.id,
    name: 'Rex',
  });
  const other = await form('POST', '/api/pets', actors['another owner'].token, {
    userId: actors['another owner'].id,
    name: 'Tom',
  });
  fixtures = {
    ownerId: actors.owner.id,
    petId: res.json().data._id,
    strangerPetId: other.json().data._id,
  };
  // the provider has a booking with the owner; the other provider has none
  const now = nowIso();
  await t.app.db
    .insertInto('bookings')
    .values({
      id: newId(),
      owner_id: actors.owner.id,
      provider_id: actors.provider.id,
      service: 'dog walking',
      pets: JSON.stringify([fixtures.petId]),
      start_at: now,
      end_at: now,
      notes: '',
      status: 'accepted',
      units: null,
      rate_cents: null,
      price_cents: null,
      currency: null,
      credits_applied: 0,
      credits_refunded: 0,
      cancelled_by: null,
      completed_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
});
afterAll(() => t.close());

describe('POST /api/pets', () => {
  it('takes `type` as the species when no species is sent', async () => {
    const keeper = await createUser(t.app);
    const res = await form('POST', '/api/pets', keeper.token, {
      userId: keeper.id,
      name: 'Mittens',
      type: 'Cat',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.species).toBe('cat');
  });

  it('creates a pet with every field and a photo', async () => {
    const res = await form(
      'POST',
      '/api/pets',
      actors.owner.token,
      {
        userId: actors.owner.id,
        name: 'Biscuit',
        species: 'Dog',
        breed: 'Beagle',
        age: '3.5',
        weight: '12',
        sex: 'female',
        care_notes: 'Two walks a day',
        medical_notes: '',
        owner: 'ignored',
      },
      [{ name: 'photo', filename: 'b.png', type: 'image/png', data: await pngImage(1000, 1000) }],
    );
    expect(res.statusCode, res.body).toBe(201);
    const pet = res.json().data;
    expect(res.json().result).toEqual(pet);
    expect(pet).toMatchObject({
      userId: actors.owner.id,
      name: 'Biscuit',
      species: 'dog',
      breed: 'Beagle',
      age: 3.5,
      weight: 12,
      sex: 'female',
      care_notes: 'Two walks a day',
      medical_notes: null,
      image: `/api/pets/${pet._id}/image`,
    });
    const img = await t.call({ method: 'GET', url: pet.image, token: actors.owner.token });
    expect(img.statusCode).toBe(200);
    expect((await sharp(img.rawPayload).metadata()).width).toBe(800);
  });

  it('needs a userId, and it must be the caller', async () => {
    const missing = await form('POST', '/api/pets', actors.owner.token, { name: 'X' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('User ID is required');
    const other = await form('POST', '/api/pets', actors.owner.token, {
      userId: actors['another owner'].id,
      name: 'X',
    });
    expect(other.statusCode).toBe(403);
  });

  it.each([
    [{ species: 'dog' }, /Name/],
    [{ name: 'x'.repeat(81) }, /Name must be at most 80 characters/],
    [{ name: 'Rex', species: 'dragon' }, /Species/],
    [{ name: 'Rex', age: '61' }, /age/],
    [{ name: 'Rex', age: 'old' }, /age/],
    [{ name: 'Rex', weight: '-1' }, /weight/],
    [{ name: 'Rex', sex: 'x' }, /sex/],
    [{ name: 'Rex', medical_notes: 'x'.repeat(2001) }, /medical_notes/],
  ])('rejects bad fields #%# with 400', async (fields, pattern) => {
    const res = await form('POST', '/api/pets', actors.owner.token, {
      userId: actors.owner.id,
      ...fields,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(pattern);
  });

  it('rejects 200 kB strings, non-images (415), > 5 MB photos (413) and JSON bodies (415)', async () => {
    const huge = await form('POST', '/api/pets', actors.owner.token, {
      userId: actors.owner.id,
      name: 'Rex',
      care_notes: 'x'.repeat(200_000),
    });
    expect([400, 413]).toContain(huge.statusCode);
    const file = (data: Buffer): FormFile[] => [
      { name: 'photo', filename: 'p.png', type: 'image/png', data },
    ];
    const text = await form(
      'POST',
      '/api/pets',
      actors.owner.token,
      { userId: actors.owner.id, name: 'R' },
      file(Buffer.from('%PDF-1.4 not an image')),
    );
    expect(text.statusCode).toBe(415);
    const big = Buffer.concat([await pngImage(10, 10), Buffer.alloc(5 * 1024 * 1024 + 1)]);
    const large = await form(
      'POST',
      '/api/pets',
      actors.owner.token,
      { userId: actors.owner.id, name: 'R' },
      file(big),
    );
    expect(large.statusCode).toBe(413);
    const json = await t.call({
      method: 'POST',
      url: '/api/pets',
      token: actors.owner.token,
      payload: { userId: actors.owner.id, name: 'R' },
    });
    expect(json.statusCode).toBe(415);
  });
});

describe('PUT /api/pets/{petId}', () => {
  it('updates the given fields only; userId cannot move the pet', async () => {
    const res = await form('PUT', `/api/pets/${fixtures.petId}`, actors.owner.token, {
      breed: 'Collie',
      weight: '20',
      name: '',
      userId: actors['another owner'].id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Rex',
      breed: 'Collie',
      weight: 20,
      userId: actors.owner.id,
    });
  });
  it('empties the optional fields named in clear; a value sent for one wins', async () => {
    const put = (fields: Record<string, string>) =>
      form('PUT', `/api/pets/${fixtures.petId}`, actors.owner.token, fields);
    const set = await put({ medical_notes: 'Allergic to chicken', care_notes: 'Two walks' });
    expect(set.statusCode, set.body).toBe(200);
    const res = await put({
      clear: JSON.stringify(['medical_notes', 'weight', 'care_notes']),
      care_notes: 'One walk',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Rex',
      medical_notes: null,
      weight: null,
      care_notes: 'One walk',
    });
    const refused = await put({ clear: JSON.stringify(['name']) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^clear: name cannot be cleared/);
    expect((await put({ clear: 'medical_notes' })).json().message).toBe(
      'clear: clear must be a JSON list of field names',
    );
  });

  it('rejects bad values and unknown pets', async () => {
    const bad = await form('PUT', `/api/pets/${fixtures.petId}`, actors.owner.token, { age: '-2' });
    expect(bad.statusCode).toBe(400);
    const unknown = await form('PUT', `/api/pets/${newId()}`, actors.owner.token, { breed: 'X' });
    expect(unknown.statusCode).toBe(404);
    const malformed = await form('PUT', '/api/pets/nope', actors.owner.token, { breed: 'X' });
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json().message).toBe(unknown.json().message);
  });
});

describe('GET /api/pets/user/{userId}', () => {
  it("lists the owner's pets, [] for an owner without pets, 404 for an unknown user", async () => {
    const res = await t.call({
      method: 'GET',
      url: `/api/pets/user/${actors.owner.id}`,
      token: actors.owner.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.map((p: { name: string }) => p.name)).toEqual(['Rex', 'Biscuit']);
    const none = await t.call({
      method: 'GET',
      url: `/api/pets/user/${actors.admin.id}`,
      token: actors.admin.token,
    });
    expect(none.json()).toEqual({ success: true, result: [] });
    const unknown = await t.call({
      method: 'GET',
      url: `/api/pets/user/${newId()}`,
      token: actors.admin.token,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

const list = (f: Fixtures) => `/api/pets/user/${f.ownerId}`;
const image = (f: Fixtures) => `/api/pets/${f.petId}/image`;
runPermissionMatrix<Fixtures>('pets permission matrix', () => ({ t, actors, fixtures }), [
  { method: 'GET', path: list, as: 'anonymous', expect: 401 },
  { method: 'GET', path: list, as: 'owner', expect: 200 },
  { method: 'GET', path: list, as: 'another owner', expect: 404, note: 'hidden' },
  { method: 'GET', path: list, as: 'provider', expect: 200, note: 'has a booking with the owner' },
  { method: 'GET', path: list, as: 'another provider', expect: 404, note: 'hidden' },
  { method: 'GET', path: list, as: 'admin', expect: 200 },
  { method: 'GET', path: image, as: 'anonymous', expect: 401 },
  { method: 'GET', path: image, as: 'owner', expect: 404, note: 'Rex has no photo' },
  { method: 'GET', path: image, as: 'another owner', expect: 404 },
  { method: 'POST', path: '/api/pets', as: 'anonymous', expect: 401 },
  { method: 'PUT', path: (f) => `/api/pets/${f.petId}`, as: 'anonymous', expect: 401 },
  {
    method: 'PUT',
    path: (f) => `/api/pets/${f.strangerPetId}`,
    as: 'owner',
    expect: 404,
    note: "another owner's pet",
  },
  { method: 'PUT', path: (f) => `/api/pets/${f.petId}`, as: 'provider', expect: 404 },
  { method: 'PUT', path: (f) => `/api/pets/${f.petId}`, as: 'admin', expect: 404 },
]);

describe("a sitter sees an owner's pets only through a booking assigned and not cancelled", () => {
  type Names = { status: number; names: string[] };
  const petsSeenBy = async (who: TestUser, ownerId: string): Promise<Names> => {
    const res = await call(t, 'GET', `/api/pets/user/${ownerId}`, who);
    const names =
      res.statusCode === 200 ? res.json().result.map((p: { name: string }) => p.name) : [];
    return { status: res.statusCode, names: names.sort() };
  };

  it('shows only the pets on that booking; nothing to applicants, rejected or withdrawn', async () => {
    const owner = await createOwner(t.app); // Rex and Bella
    await insertPet(t.app, owner.id, 'Hidden'); // on no booking
    const pending = await createProvider(t.app);
    const accepted = await createProvider(t.app);
    const rejected = await createProvider(t.app);
    const withdrawn = await createProvider(t.app);
    const elsewhere = await createProvider(t.app);
    const open = await postBooking(t, owner, { pets: [owner.petIds[0]] });
    for (const s of [pending, rejected, withdrawn])
      expect((await call(t, 'POST', `/api/booking/${open._id}/send-request`, s)).statusCode).toBe(
        201,
      );
    await call(t, 'PUT', `/api/booking/accept/${open._id}`, owner, {
      providerId: rejected.id,
      decision: 'rejected',
    });
    await call(t, 'DELETE', `/api/booking/${open._id}/send-request`, withdrawn);
    const direct = await postBooking(t, owner, {
      pets: [owner.petIds[1]],
      provider_id: accepted.id,
    });
    await call(t, 'PUT', `/api/booking/accept/${direct._id}`, accepted, {
      providerId: accepted.id,
      decision: 'accepted',
    });
    const stranger = await createOwner(t.app);
    await postBooking(t, stranger, { provider_id: elsewhere.id });

    expect((await petsSeenBy(pending, owner.id)).status).toBe(404);
    expect(await petsSeenBy(accepted, owner.id)).toEqual({ status: 200, names: ['Bella'] });
    expect((await petsSeenBy(rejected, owner.id)).status).toBe(404);
    expect((await petsSeenBy(withdrawn, owner.id)).status).toBe(404);
    expect((await petsSeenBy(elsewhere, owner.id)).status).toBe(404);
    expect(await petsSeenBy(owner, owner.id)).toEqual({
      status: 200,
      names: ['Bella', 'Hidden', 'Rex'],
    });
  });

  it("serves a pet's photo to a sitter only while the pet is on one of their bookings", async () => {
    const owner = await createOwner(t.app);
    const photo = await form(
      'POST',
      '/api/pets',
      owner.token,
      { userId: owner.id, name: 'Pictured' },
      [{ name: 'photo', filename: 'p.png', type: 'image/png', data: await pngImage(50, 50) }],
    );
    const petId = photo.json().data._id as string;
    const [onBooking, offBooking] = [await createProvider(t.app), await createProvider(t.app)];
    for (const [sitter, pets] of [
      [onBooking, [petId]],
      [offBooking, [owner.petIds[0]]],
    ] as const) {
      const b = await postBooking(t, owner, { pets, provider_id: sitter.id });
      await call(t, 'PUT', `/api/booking/accept/${b._id}`, sitter, {
        providerId: sitter.id,
        decision: 'accepted',
      });
    }
    const url = `/api/pets/${petId}/image`;
    expect((await call(t, 'GET', url, onBooking)).statusCode).toBe(200);
    expect((await call(t, 'GET', url, offBooking)).statusCode).toBe(404);
  });

  it("stops showing the pets, medical notes included, once the sitter's booking is cancelled", async () => {
    const owner = await createOwner(t.app);
    const notes = await form('PUT', `/api/pets/${owner.petIds[0]}`, owner.token, {
      medical_notes: 'Insulin twice a day',
    });
    expect(notes.statusCode, notes.body).toBe(200);
    const sitter = await createProvider(t.app);
    const booking = await postBooking(t, owner, {
      pets: [owner.petIds[0]],
      provider_id: sitter.id,
    });
    const invited = await petsSeenBy(sitter, owner.id);
    expect(invited.status, 'invited, not yet accepted').toBe(404);
    const accepted = await call(t, 'PUT', `/api/booking/accept/${booking._id}`, sitter, {
      providerId: sitter.id,
      decision: 'accepted',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const seen = await call(t, 'GET', `/api/pets/user/${owner.id}`, sitter);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().result).toEqual([
      expect.objectContaining({ name: 'Rex', medical_notes: 'Insulin twice a day' }),
    ]);
    const cancelled = await call(t, 'PUT', `/api/booking/accept/${booking._id}`, owner, {
      status: 'cancelled',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = await call(t, 'GET', `/api/pets/user/${owner.id}`, sitter);
    expect(after.statusCode).toBe(404);
    expect(after.json().message).toBe('User not found');
    const photo = await call(t, 'GET', `/api/pets/${owner.petIds[0]}/image`, sitter);
    expect(photo.statusCode).toBe(404);
  });
});
