import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, nowIso } from '../../src/lib/ids.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/factories.ts';
import { runPermissionMatrix, type Actors } from '../helpers/permission-matrix.ts';

let t: TestApp;
let actors: Actors;
type Fixtures = { ownerId: string; otherId: string; deletedId: string };
let fixtures: Fixtures;

beforeAll(async () => {
  t = await createTestApp();
  actors = {
    owner: await createUser(t.app, {
      first_name: 'Olive',
      last_name: 'smith',
      city: 'Austin',
      state: 'TX',
      address: '1 Secret Lane',
      dob: '1990-01-01',
      latitude: 30.267153,
      longitude: -97.743061,
      is_paid: 1,
      kyc_verified: 1,
      pet_prefrences: '["Rabbits"]',
    }),
    'another owner': await createUser(t.app),
    provider: await createUser(t.app, {
      user_type: 'provider',
      primary_services: '["dog walking"]',
      service_rates: '{"dog walking":2500}',
      headline: 'Calm walks',
      pet_prefrences: '["Dogs","Cats"]',
    }),
    'another provider': await createUser(t.app, { user_type: 'provider' }),
    admin: await createUser(t.app, { user_type: 'admin' }),
  };
  const deleted = await createUser(t.app, { deleted_at: nowIso() });
  fixtures = {
    ownerId: actors.owner.id,
    otherId: actors['another owner'].id,
    deletedId: deleted.id,
  };
});
afterAll(() => t.close());

describe('GET /api/user/{id}', () => {
  it('shows only the public card, also of an owner to those who may read it (here an admin)', async () => {
    const res = await t.call({
      method: 'GET',
      url: `/api/user/${actors.owner.id}`,
      token: actors.admin.token,
    });
    expect(res.statusCode).toBe(200);
    const { success, data } = res.json();
    expect(success).toBe(true);
    expect(data).toMatchObject({
      _id: actors.owner.id,
      id: actors.owner.id,
      firstName: 'Olive',
      lastName: 'S.',
      city: 'Austin',
      state: 'TX',
      rating: { average: null, count: 0 },
      badges: { KYC_verified: true, is_verified: false },
      KYC_verified: true,
      is_verified: false,
      // An owner is not on the map: no point, not even the rounded one a sitter's card has.
      approximateLocation: null,
      // An owner's list names the pets they have, not what anyone may ask of them.
      pet_prefrences: [],
    });
    const text = res.body;
    expect(text).not.toContain('30.27');
    for (const secret of [
      'email',
      'phone',
      'address',
      'dob',
      'is_paid',
      'coordinates',
      'Secret Lane',
      'Rabbits',
    ])
      expect(text).not.toContain(secret);
  });
  it('shows a provider card with services, rates, headline and the pets they take', async () => {
    const res = await t.call({
      method: 'GET',
      url: `/api/user/${actors.provider.id}`,
      token: actors.owner.token,
    });
    expect(res.json().data).toMatchObject({
      userType: 'provider',
      primary_services: ['dog walking'],
      service_rates: { 'dog walking': 2500 },
      headline: 'Calm walks',
      pet_prefrences: ['Dogs', 'Cats'],
      approximateLocation: null,
    });
  });
  it('answers 404 for unknown and deleted users and 400 for a malformed id', async () => {
    const token = actors.owner.token;
    expect((await t.call({ method: 'GET', url: `/api/user/${newId()}`, token })).statusCode).toBe(
      404,
    );
    expect(
      (await t.call({ method: 'GET', url: `/api/user/${fixtures.deletedId}`, token })).statusCode,
    ).toBe(404);
    const bad = await t.call({ method: 'GET', url: '/api/user/not-an-id', token });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().message).toBe('User not found');
  });
});

describe('PUT /api/user/{id} (admin flags)', () => {
  it('sets is_verified and KYC_verified, then is_paid, and notifies the user', async () => {
    const id = actors['another owner'].id;
    const res = await t.call({
      method: 'PUT',
      url: `/api/user/${id}`,
      token: actors.admin.token,
      payload: { is_verified: true, KYC_verified: 'true' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: expect.any(String),
      data: { _id: id, is_verified: true, KYC_verified: true, is_paid: false },
    });
    const paid = await t.call({
      method: 'PUT',
      url: `/api/user/${id}`,
      token: actors.admin.token,
      payload: { is_paid: 'true' },
    });
    expect(paid.json().data).toMatchObject({ is_paid: true, is_verified: true });
    // Read back where any member reads a user: the flags under SPEC §3's names.
    const card = await t.call({ method: 'GET', url: `/api/user/${id}`, token: actors.admin.token });
    expect(card.json().data).toMatchObject({ is_verified: true, KYC_verified: true });
    const list = await t.call({
      method: 'GET',
      url: '/api/notifications/all',
      token: actors['another owner'].token,
    });
    const account = list
      .json()
      .allNotifications.filter((n: { type: string }) => n.type === 'account');
    expect(account).toHaveLength(2);
    expect(account[0].message).toContain('paid');
  });
  it.each([
    [{}, 400],
    [{ is_paid: 'yes' }, 400],
    [{ is_paid: 1 }, 400],
    [{ is_verified: true, role: 'admin' }, 400],
    [{ is_verified: 'x'.repeat(200_000) }, 400],
  ])('rejects body %# with %i', async (payload, status) => {
    const res = await t.call({
      method: 'PUT',
      url: `/api/user/${actors.owner.id}`,
      token: actors.admin.token,
      payload,
    });
    expect([status, 413]).toContain(res.statusCode);
    expect(res.json().message).toEqual(expect.any(String));
  });
  it('answers 404 for an unknown user and 400 without an id', async () => {
    const res = await t.call({
      method: 'PUT',
      url: `/api/user/${newId()}`,
      token: actors.admin.token,
      payload: { is_paid: true },
    });
    expect(res.statusCode).toBe(404);
    const none = await t.call({ method: 'PUT', url: '/api/user/', token: actors.admin.token });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('User id is required');
    // A blank id is none either.
    for (const blank of ['%20', '%20%20%09']) {
      const res = await t.call({
        method: 'PUT',
        url: `/api/user/${blank}`,
        token: actors.admin.token,
        payload: { is_paid: true },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('User id is required');
    }
  });

  it('answers an id past 200 characters with 400 from the id schema, not the router', async () => {
    const res = await t.call({
      method: 'PUT',
      url: `/api/user/${'a'.repeat(300)}`,
      token: actors.admin.token,
      payload: { is_paid: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('id: An id is at most 200 characters');
  });
});

describe('GET /api/user/dashboard/{id}', () => {
  it('summarises the account for its owner: pets, unread, bookings, credits, KYC', async () => {
    const owner = actors.owner;
    const now = nowIso();
    const later = new Date(Date.now() + 86_400_000).toISOString();
    await t.app.db
      .insertInto('pets')
      .values({
        id: newId(),
        user_id: owner.id,
        name: 'Rex',
        species: 'dog',
        sex: 'male',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const booking = (status: 'accepted' | 'completed') => ({
      id: newId(),
      owner_id: owner.id,
      provider_id: actors.provider.id,
      service: 'dog walking',
      pets: '[]',
      start_at: later,
      end_at: later,
      notes: '',
      status,
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
    });
    const upcoming = booking('accepted');
    // Seven upcoming in all: the list shows five, the total counts all seven.
    const after = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const more = Array.from({ length: 6 }, () => ({
      ...booking('accepted'),
      start_at: after,
      end_at: after,
    }));
    await t.app.db
      .insertInto('bookings')
      .values([upcoming, ...more, booking('completed')])
      .execute();
    await t.app.db
      .insertInto('credit_entries')
      .values({
        id: newId(),
        user_id: owner.id,
        amount: 1500,
        reason: 'welcome',
        booking_id: null,
        created_at: now,
      })
      .execute();
    const res = await t.call({
      method: 'GET',
      url: `/api/user/dashboard/${owner.id}`,
      token: owner.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const listed = res.json().data.upcomingBookings;
    expect(listed).toHaveLength(5);
    // Soonest first: the one starting at `later` before those a moment after it.
    expect(listed[0]).toMatchObject({
      _id: upcoming.id,
      status: 'accepted',
      service: 'dog walking',
    });
    expect(res.json()).toMatchObject({
      success: true,
      data: {
        user: { _id: owner.id, firstName: 'Olive', KYC_verified: true },
        pets: 1,
        notificationsUnread: expect.any(Number),
        upcomingTotal: 7,
        bookingsByStatus: { accepted: 7, completed: 1 },
        creditsBalance: 1500,
        kycStatus: 'Verified',
      },
    });
    const provider = await t.call({
      method: 'GET',
      url: `/api/user/dashboard/${actors.provider.id}`,
      token: actors.admin.token,
    });
    expect(provider.json().data.bookingsByStatus).toEqual({ accepted: 7, completed: 1 });
  });
});

runPermissionMatrix<Fixtures>('users permission matrix', () => ({ t, actors, fixtures }), [
  { method: 'GET', path: '/api/user/user-profile', as: 'anonymous', expect: 401 },
  { method: 'GET', path: '/api/user/user-profile', as: 'owner', expect: 200 },
  { method: 'GET', path: '/api/user/user-profile', as: 'provider', expect: 200 },
  { method: 'GET', path: '/api/user/user-profile', as: 'admin', expect: 200 },
  { method: 'PUT', path: '/api/user/update-profile', as: 'anonymous', expect: 401 },
  { method: 'GET', path: '/api/user/nearby', as: 'anonymous', expect: 401 },
  { method: 'GET', path: '/api/user/nearby', as: 'owner', expect: 200 },
  { method: 'GET', path: '/api/user/nearby', as: 'provider', expect: 200 },
  { method: 'GET', path: '/api/user/nearby', as: 'admin', expect: 200 },
  { method: 'GET', path: (f) => `/api/user/${f.ownerId}`, as: 'anonymous', expect: 401 },
  { method: 'GET', path: (f) => `/api/user/${f.ownerId}`, as: 'owner', expect: 200 },
  // An owner's card: theirs, admins' and sitters' they met through a booking (the dashboard
  // test above books the provider; users-card-access.test.ts has the whole rule).
  { method: 'GET', path: (f) => `/api/user/${f.ownerId}`, as: 'another owner', expect: 404 },
  { method: 'GET', path: (f) => `/api/user/${f.ownerId}`, as: 'provider', expect: 200 },
  { method: 'GET', path: (f) => `/api/user/${f.ownerId}`, as: 'another provider', expect: 404 },
  { method: 'GET', path: (f) => `/api/user/${f.ownerId}`, as: 'admin', expect: 200 },
  { method: 'GET', path: (f) => `/api/user/${f.ownerId}/image`, as: 'anonymous', expect: 401 },
  {
    method: 'GET',
    path: (f) => `/api/user/${f.ownerId}/image`,
    as: 'provider',
    expect: 404,
    note: 'no photo',
  },
  { method: 'GET', path: (f) => `/api/user/dashboard/${f.ownerId}`, as: 'anonymous', expect: 401 },
  { method: 'GET', path: (f) => `/api/user/dashboard/${f.ownerId}`, as: 'owner', expect: 200 },
  {
    method: 'GET',
    path: (f) => `/api/user/dashboard/${f.ownerId}`,
    as: 'another owner',
    expect: 404,
  },
  { method: 'GET', path: (f) => `/api/user/dashboard/${f.ownerId}`, as: 'provider', expect: 404 },
  { method: 'GET', path: (f) => `/api/user/dashboard/${f.ownerId}`, as: 'admin', expect: 200 },
  ...(['anonymous', 'owner', 'another owner', 'provider', 'admin'] as const).map((as) => ({
    method: 'PUT',
    path: (f: Fixtures) => `/api/user/${f.otherId}`,
    as,
    expect: { anonymous: 401, owner: 403, 'another owner': 403, provider: 403, admin: 200 }[as],
    payload: { is_verified: true },
  })),
]);
