import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { doc, submitKyc, TINY_PDF } from '../helpers/kyc-fixtures.ts';
import {
  call,
  closeApp,
  createOwner,
  createProvider,
  postBooking,
  type Owner,
} from '../helpers/booking-fixtures.ts';

/*
 * DESIGN §3: every user object on the wire carries `_id` and `id` with the same value. A user
 * object is any object with a `firstName`; each answer below is searched for all of them.
 */

let t: TestApp;
let owner: Owner;
let sitter: TestUser;
let admin: TestUser;
let bookingId: string;
let kycId: string;

type Found = { path: string; value: Record<string, unknown> };

/** Every object in `body` that has a firstName, with its path (`data.0.owner`). */
function userObjects(body: unknown, path = ''): Found[] {
  if (Array.isArray(body)) return body.flatMap((v, i) => userObjects(v, `${path}${i}.`));
  if (body === null || typeof body !== 'object') return [];
  const record = body as Record<string, unknown>;
  const here = 'firstName' in record ? [{ path: path.slice(0, -1), value: record }] : [];
  return [...here, ...Object.entries(record).flatMap(([k, v]) => userObjects(v, `${path}${k}.`))];
}

/** GETs `url` as `who` and checks its user objects: `expected` paths among them, all with id. */
async function expectUserIds(url: string, who: TestUser, expected: string[]) {
  const res = await call(t, 'GET', url, who);
  expect(res.statusCode, res.body).toBe(200);
  const found = userObjects(res.json());
  expect(found.map((f) => f.path)).toEqual(expect.arrayContaining(expected));
  for (const { path, value } of found) {
    expect(typeof value._id, `${url} ${path}._id`).toBe('string');
    expect(value.id, `${url} ${path}.id`).toBe(value._id);
  }
  return found;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app, { first_name: 'Olivia', last_name: 'Owens' });
  sitter = await createProvider(t.app, undefined, { first_name: 'Sam', last_name: 'Sitter' });
  admin = await createUser(t.app, { user_type: 'admin' });

  // A booking the sitter applied to, did and was reviewed for (both ways, so reviews show), and
  // another in dispute (an open dispute holds its booking's reviews from view).
  bookingId = (await postBooking(t, owner))._id;
  const disputed = (await postBooking(t, owner, { provider_id: sitter.id }))._id;
  const steps = [
    await call(t, 'PUT', `/api/booking/accept/${disputed}`, sitter, {
      providerId: sitter.id,
      decision: 'accepted',
    }),
    await call(t, 'POST', `/api/booking/${bookingId}/send-request`, sitter),
    await call(t, 'PUT', `/api/booking/accept/${bookingId}`, owner, {
      providerId: sitter.id,
      decision: 'accepted',
    }),
    await call(t, 'PUT', `/api/booking/accept/${bookingId}`, sitter, { status: 'in-progress' }),
    await call(t, 'PUT', `/api/booking/accept/${bookingId}`, sitter, { status: 'completed' }),
    await call(t, 'POST', `/api/crud/${bookingId}/Review/create`, owner, {
      columns: { rating: 5, comment: 'Lovely walks' },
    }),
    await call(t, 'POST', `/api/crud/${bookingId}/Review/create`, sitter, {
      columns: { rating: 4, comment: 'Friendly dogs' },
    }),
    await call(t, 'POST', '/api/dispute/', owner, { bookingId: disputed, reason: 'Late' }),
    await call(t, 'POST', '/api/messages/', owner, { bookingId, text: 'Thanks!' }),
    await submitKyc(t, sitter, {}, [doc(TINY_PDF, 'id.pdf', 'application/pdf')]),
  ];
  for (const res of steps) expect(res.statusCode, res.body).toBeLessThan(300);
  kycId = steps[steps.length - 1]!.json().data._id;
}, 60_000);
afterAll(() => closeApp(t));

describe('user objects carry id next to _id (DESIGN §3)', () => {
  it('on a booking, its reviews and its requests', async () => {
    const found = await expectUserIds(`/api/booking/${bookingId}`, owner, [
      'booking.owner',
      'booking.provider',
      'reviews.0.author',
      'reviews.1.author',
    ]);
    const owners = found.filter((f) => f.path === 'booking.owner');
    expect(owners[0]!.value).toMatchObject({ _id: owner.id, id: owner.id, firstName: 'Olivia' });
    await expectUserIds(`/api/booking/${bookingId}/requests`, owner, ['providers.0.provider']);
  });

  it('in booking lists: the owner’s, and the sitter’s requests', async () => {
    await expectUserIds('/api/booking/user', owner, ['data.0.owner', 'data.0.provider']);
    await expectUserIds('/api/booking/requests/mine', sitter, [
      'data.0.provider',
      'data.0.booking.owner',
    ]);
  });

  it('on reviews of a user', async () => {
    const found = await expectUserIds(`/api/user/${sitter.id}/reviews`, owner, ['data.0.author']);
    expect(found[0]!.value).toMatchObject({ _id: owner.id, id: owner.id });
  });

  it('on disputes, for both parties', async () => {
    await expectUserIds('/api/dispute/', admin, [
      'data.0.booking.owner',
      'data.0.booking.provider',
    ]);
  });

  it('on KYC records, list and detail', async () => {
    await expectUserIds('/api/kyc', admin, ['data.0.userId']);
    const found = await expectUserIds(`/api/kyc/${kycId}`, admin, ['data.userId']);
    expect(found[0]!.value).toMatchObject({ _id: sitter.id, id: sitter.id });
  });

  it('on admin member list and detail', async () => {
    const list = await expectUserIds('/api/admin/members', admin, ['data.0']);
    expect(list.length).toBeGreaterThanOrEqual(3);
    await expectUserIds(`/api/admin/members/${sitter.id}`, admin, ['data.member']);
  });

  it('where it already did: chat, public profile, own profile, dashboard', async () => {
    await expectUserIds('/api/messages/conversations', sitter, [
      'data.0.owner',
      'data.0.provider',
      'data.0.lastMessage.sender',
    ]);
    await expectUserIds(`/api/user/${sitter.id}`, owner, ['data']);
    await expectUserIds('/api/user/user-profile', owner, ['data', 'user']);
    await expectUserIds(`/api/user/dashboard/${owner.id}`, owner, ['data.user']);
  });
});
