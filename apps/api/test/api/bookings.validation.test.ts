import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import {
  bookingBody,
  call,
  closeApp,
  createOwner,
  createProvider,
  hoursFromNow,
  multipart,
  PNG_1PX,
  postBooking,
  type Owner,
  walkDates,
} from '../helpers/booking-fixtures.ts';

let t: TestApp;
let owner: Owner;
let other: Owner;
let sitter: TestUser;
let admin: TestUser;
let accepted: string;
let completed: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app);
  other = await createOwner(t.app);
  sitter = await createProvider(t.app);
  admin = await createUser(t.app, { user_type: 'admin' });
  const assign = async () => {
    const b = await postBooking(t, owner, { provider_id: sitter.id });
    await call(t, 'PUT', `/api/booking/accept/${b._id}`, sitter, {
      providerId: sitter.id,
      decision: 'accepted',
    });
    return b._id;
  };
  accepted = await assign();
  completed = await assign();
  await call(t, 'PUT', `/api/booking/accept/${completed}`, sitter, { status: 'in-progress' });
  await call(t, 'PUT', `/api/booking/accept/${completed}`, sitter, { status: 'completed' });
}, 60_000);
afterAll(() => closeApp(t));

function expect4xx(res: { statusCode: number; json: () => { message?: unknown } }, status = 400) {
  expect(res.statusCode).toBe(status);
  expect(typeof res.json().message).toBe('string');
}

describe('POST /api/booking/ bad input', () => {
  const cases: [string, (o: Owner) => Record<string, unknown>, number?][] = [
    ['no service', (o) => ({ ...bookingBody(o), service: undefined })],
    ['service too long', (o) => bookingBody(o, { service: 'x'.repeat(61) })],
    ['service of wrong type', (o) => bookingBody(o, { service: 42 })],
    ['no pets', (o) => bookingBody(o, { pets: [] })],
    ['11 pets', (o) => bookingBody(o, { pets: Array(11).fill(o.petIds[0]) })],
    ['pet id malformed', (o) => bookingBody(o, { pets: ['nope'] })],
    ['pets not an array', (o) => bookingBody(o, { pets: o.petIds[0] })],
    ['pets of someone else', () => bookingBody(other)],
    ['startDate garbage', (o) => bookingBody(o, { startDate: 'tomorrow-ish' })],
    ['start in the past', (o) => bookingBody(o, { startDate: hoursFromNow(-2) })],
    ['end before start', (o) => bookingBody(o, { endDate: hoursFromNow(70) })],
    ['longer than 60 days', (o) => bookingBody(o, { endDate: hoursFromNow(72 + 24 * 61) })],
    ['notes of 2001 chars', (o) => bookingBody(o, { notes: 'n'.repeat(2001) })],
    ['huge string', (o) => bookingBody(o, { notes: 'n'.repeat(300_000) }), 400],
    ['negative credits', (o) => bookingBody(o, { creditsToApply: -1 })],
    ['fractional credits', (o) => bookingBody(o, { creditsToApply: 1.5 })],
    ['malformed provider_id', (o) => bookingBody(o, { provider_id: '123' })],
    ['unknown provider', (o) => bookingBody(o, { provider_id: 'a'.repeat(24) }), 404],
    ['an owner as provider', (o) => bookingBody(o, { provider_id: other.id }), 404],
    ['service not offered', (o) => bookingBody(o, { provider_id: sitter.id, service: 'Grooming' })],
  ];
  for (const [name, body, status] of cases) {
    it(`refuses ${name}`, async () => {
      expect4xx(await call(t, 'POST', '/api/booking/', owner, body(owner)), status ?? 400);
    });
  }
  it.each(['1', '2001', '2030-02-30T10:00:00Z'])(
    'refuses startDate %j as not an ISO 8601 date-time (not as some other day)',
    async (startDate) => {
      const res = await call(t, 'POST', '/api/booking/', owner, bookingBody(owner, { startDate }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        { path: 'startDate', message: 'Must be an ISO 8601 date-time' },
      ]);
    },
  );
  it('says once that pets must be a list (not its bounds measured on a string)', async () => {
    const res = await call(t, 'POST', '/api/booking/', owner, {
      ...bookingBody(owner),
      pets: owner.petIds[0],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'pets', message: 'pets must be a list of pet ids' },
    ]);
  });
  it('names the end date when a booking runs too long (the start was fine)', async () => {
    const res = await call(
      t,
      'POST',
      '/api/booking/',
      owner,
      bookingBody(owner, { endDate: hoursFromNow(72 + 24 * 61) }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'endDate', message: 'A booking can last at most 60 days' },
    ]);
  });
  it('refuses a non-JSON body', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/booking/',
      token: owner.token,
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect4xx(res);
  });
  it('created nothing', async () => {
    const n = await t.app.db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(n?.n)).toBe(2);
  });
});

describe('other bodies and queries', () => {
  it('takes a date-time without a zone (a naive isoformat) as UTC', async () => {
    const { startDate, endDate } = walkDates(30);
    const naive = (iso: string) => iso.replace(/Z$/, '');
    const another = await createOwner(t.app);
    const res = await call(
      t,
      'POST',
      '/api/booking/',
      another,
      bookingBody(another, { startDate: naive(startDate), endDate: naive(endDate) }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ startDate, endDate });
  });
  it('quote', async () => {
    const base = {
      provider_id: sitter.id,
      service: 'Dog walking',
      startDate: hoursFromNow(50),
      endDate: hoursFromNow(51),
    };
    expect4xx(
      await call(t, 'POST', '/api/booking/quote', owner, { ...base, provider_id: undefined }),
    );
    expect4xx(await call(t, 'POST', '/api/booking/quote', owner, { ...base, endDate: 'x' }));
    // Unknown fields are stripped, never read (docs/architecture.md, validation).
    const stripped = await call(t, 'POST', '/api/booking/quote', owner, {
      ...base,
      extra: true,
      price: 1,
    });
    expect(stripped.statusCode, stripped.body).toBe(200);
    expect(stripped.json().data.amountCents).toBe(2000);
  });

  it('send-request', async () => {
    const open = await postBooking(t, owner);
    const url = `/api/booking/${open._id}/send-request`;
    expect4xx(await call(t, 'POST', url, owner, { providerId: 'bad' }));
    expect4xx(await call(t, 'POST', url, owner, { providerId: other.id }), 404);
    expect4xx(await call(t, 'POST', '/api/booking/not-an-id/send-request', owner, {}), 404);
    expect4xx(await call(t, 'POST', `/api/booking/${'b'.repeat(24)}/send-request`, sitter), 404);
    const picky = await createProvider(t.app, { Grooming: 1000 });
    expect4xx(await call(t, 'POST', url, picky));
  });

  it('accept: decisions and status moves', async () => {
    const url = `/api/booking/accept/${accepted}`;
    const empty = await call(t, 'PUT', url, sitter, {});
    expect4xx(empty, 400);
    expect(empty.json().message).toBe(
      'Send providerId and decision (accepted or rejected), or a status',
    );
    expect4xx(await call(t, 'PUT', url, sitter, { status: 'bogus' }));
    // A null decision beside a status is a status move, judged on its status.
    const nullDecision = await call(t, 'PUT', url, sitter, { status: 'bogus', decision: null });
    expect4xx(nullDecision, 400);
    expect(nullDecision.json().errors).toEqual([expect.objectContaining({ path: 'status' })]);
    const onlyNull = await call(t, 'PUT', url, sitter, { decision: null });
    expect(onlyNull.json().message).toBe(
      'Send providerId and decision (accepted or rejected), or a status',
    );
    expect4xx(await call(t, 'PUT', url, sitter, { status: 'in-progress', note: 'n'.repeat(501) }));
    expect4xx(await call(t, 'PUT', url, owner, { decision: 'maybe', providerId: sitter.id }));
    expect4xx(await call(t, 'PUT', url, owner, { decision: 'accepted' }));
    expect4xx(
      await call(t, 'PUT', url, owner, { decision: 'accepted', providerId: other.id }),
      404,
    );
    expect4xx(await call(t, 'PUT', '/api/booking/accept/zzz', owner, { status: 'cancelled' }), 404);
    expect4xx(
      await call(t, 'PUT', `/api/booking/accept/${'c'.repeat(24)}`, owner, { status: 'cancelled' }),
      404,
    );
    expect4xx(await call(t, 'PUT', url, owner, { status: 'accepted' }), 409);
    expect4xx(await call(t, 'PUT', url, owner, { status: 'pending' }), 409);
    // A body that is both a decision and a move is neither: nothing of it is done.
    const both = await call(t, 'PUT', url, owner, {
      providerId: sitter.id,
      decision: 'accepted',
      status: 'cancelled',
    });
    expect4xx(both, 400);
    expect(both.json().message).toBe('Send a decision or a status, not both');
    // SPEC's body names the booking (id): another booking's id is refused, the path's is fine.
    const elsewhere = await call(t, 'PUT', url, owner, { id: 'd'.repeat(24), status: 'cancelled' });
    expect4xx(elsewhere, 400);
    expect(elsewhere.json().errors).toEqual([expect.objectContaining({ path: 'id' })]);
    const still = await call(t, 'GET', `/api/booking/${accepted}`, owner);
    expect(still.json().booking.status).toBe('accepted');
    expect4xx(await call(t, 'PUT', url, owner, { id: accepted, status: 'pending' }), 409);
  });

  it('accept: multipart photos', async () => {
    const url = `/api/booking/accept/${accepted}`;
    const two = multipart({ status: 'in-progress' }, [
      { field: 'image', name: 'a.png', type: 'image/png', data: PNG_1PX },
      { field: 'image', name: 'b.png', type: 'image/png', data: PNG_1PX },
    ]);
    const twoPhotos = await t.call({ method: 'PUT', url, token: sitter.token, ...two });
    expect4xx(twoPhotos, 400);
    expect(twoPhotos.json().message).toBe('Send one file only');
    const big = multipart({ status: 'in-progress' }, [
      {
        field: 'image',
        name: 'a.png',
        type: 'image/png',
        data: Buffer.concat([PNG_1PX, Buffer.alloc(5 * 1024 * 1024)]),
      },
    ]);
    expect4xx(await t.call({ method: 'PUT', url, token: sitter.token, ...big }), 413);
    const wrongField = multipart({ status: 'in-progress' }, [
      { field: 'photo', name: 'a.png', type: 'image/png', data: PNG_1PX },
    ]);
    expect4xx(await t.call({ method: 'PUT', url, token: sitter.token, ...wrongField }));
    const cancelWithPhoto = multipart({ status: 'cancelled' }, [
      { field: 'image', name: 'a.png', type: 'image/png', data: PNG_1PX },
    ]);
    expect4xx(await t.call({ method: 'PUT', url, token: sitter.token, ...cancelWithPhoto }));
    const noStatus = multipart({ note: 'hello' });
    expect4xx(await t.call({ method: 'PUT', url, token: sitter.token, ...noStatus }));
    const b = await call(t, 'GET', `/api/booking/${accepted}`, owner);
    expect(b.json().booking.status).toBe('accepted');
  });

  it('lists', async () => {
    expect4xx(await call(t, 'GET', '/api/booking/provider/in-progress?status=bogus', sitter));
    expect4xx(await call(t, 'GET', '/api/booking/?status=nope', admin));
    const clamped = await call(t, 'GET', '/api/booking/?limit=1000&page=1', admin);
    expect(clamped.statusCode).toBe(200);
    expect(clamped.json()).toMatchObject({ page: 1, limit: 100 });
    expect4xx(await call(t, 'GET', '/api/booking/?page=0', admin));
    const thread = await call(
      t,
      'GET',
      `/api/messages/thread?bookingId=${accepted}&page=abc`,
      owner,
    );
    expect(thread.statusCode).toBe(400);
    expect(thread.json().message).toBe('page: page must be a whole number from 1');
    expect4xx(await call(t, 'GET', '/api/booking/not-an-id', owner), 404);
  });

  it('reviews', async () => {
    const url = `/api/crud/${completed}/Review/create`;
    for (const columns of [
      { rating: 0 },
      { rating: 6 },
      { rating: 2.5 },
      { rating: '5' },
      { rating: 5, comment: 'c'.repeat(2001) },
      {},
    ]) {
      expect4xx(await call(t, 'POST', url, owner, { columns }));
    }
    expect4xx(await call(t, 'POST', url, owner, { rating: 5 }));
    expect4xx(
      await call(t, 'POST', '/api/crud/xyz/Review/create', owner, { columns: { rating: 5 } }),
      404,
    );
    expect4xx(
      await call(t, 'POST', `/api/crud/${'d'.repeat(24)}/Review/create`, owner, {
        columns: { rating: 5 },
      }),
      404,
    );
  });

  it('credits', async () => {
    const url = '/api/userCredit/user-credits';
    const base = { userId: owner.id, amount: 100, reason: 'x' };
    for (const body of [
      { ...base, amount: 0 },
      { ...base, amount: -5 },
      { ...base, amount: 1.5 },
      { ...base, amount: 1_000_001 },
      { ...base, amount: '100' },
      { ...base, reason: '' },
      { ...base, reason: 'r'.repeat(201) },
      { ...base, userId: 'nope' },
    ]) {
      expect4xx(await call(t, 'POST', url, admin, body));
    }
    expect4xx(await call(t, 'POST', url, admin, { ...base, userId: 'e'.repeat(24) }), 404);
    expect4xx(await call(t, 'GET', '/api/userCredit/user-credits/nope', admin), 404);
    expect4xx(await call(t, 'GET', `/api/userCredit/user-credits/${'e'.repeat(24)}`, admin), 404);
  });
});
