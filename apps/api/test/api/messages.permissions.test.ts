import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { runPermissionMatrix, type Actors, type MatrixRow } from '../helpers/permission-matrix.ts';
import { call, closeApp, createActors, postBooking } from '../helpers/booking-fixtures.ts';
import { assignedBooking, openDispute, postMessage } from '../helpers/chat-fixtures.ts';

type F = {
  /** assigned to `provider`, with one message owner → provider */
  booking: string;
  messageId: string;
  /** assigned to `provider` with an open dispute and one message */
  disputed: string;
  disputedMessageId: string;
  /** open; `provider`'s request is pending (a party) / was rejected (not a party) */
  pendingReq: string;
  rejectedReq: string;
};

let t: TestApp;
let actors: Actors;
let fx: F;

beforeAll(async () => {
  t = await createTestApp();
  const cast = await createActors(t.app);
  actors = cast;
  const {
    owner,
    provider,
    'another owner': anotherOwner,
    'another provider': anotherProvider,
  } = cast;
  // The other two are parties of a booking of their own: being a party elsewhere grants nothing.
  await postMessage(t, anotherOwner, await assignedBooking(t, anotherOwner, anotherProvider), 'x');
  const booking = await assignedBooking(t, owner, provider);
  const disputed = await assignedBooking(t, owner, provider);
  await openDispute(t.app, disputed, owner.id);
  const withRequest = async (decision?: 'rejected') => {
    const b = await postBooking(t, owner);
    await call(t, 'POST', `/api/booking/${b._id}/send-request`, provider);
    if (decision)
      await call(t, 'PUT', `/api/booking/accept/${b._id}`, owner, {
        providerId: provider.id,
        decision,
      });
    return b._id;
  };
  fx = {
    booking,
    messageId: (await postMessage(t, owner, booking, 'Hello from the owner'))._id,
    disputed,
    disputedMessageId: (await postMessage(t, provider, disputed, 'I did come!'))._id,
    pendingReq: await withRequest(),
    rejectedReq: await withRequest('rejected'),
  };
}, 60_000);
afterAll(() => closeApp(t));

const ctx = () => ({ t, actors, fixtures: fx });
const send = (key: keyof F) => (f: F) => ({ bookingId: f[key], text: 'Hi there' });
const all = [
  'anonymous',
  'owner',
  'another owner',
  'provider',
  'another provider',
  'admin',
] as const;
type Who = (typeof all)[number];

/**
 * Reads of the booking's chat: parties 200; others the 404 of a missing booking, an admin too while
 * the booking has no dispute (DESIGN §4: a record the caller may not see is a 404).
 */
function readRows(path: (f: F) => string): MatrixRow<F>[] {
  const expected: Record<Who, number> = {
    anonymous: 401,
    owner: 200,
    'another owner': 404,
    provider: 200,
    'another provider': 404,
    admin: 404,
  };
  return all.map((as) => ({ method: 'GET', path, as, expect: expected[as] }));
}

runPermissionMatrix<F>('messages: who may do what', ctx, [
  ...all.map((as): MatrixRow<F> => ({
    method: 'POST',
    path: '/api/messages/',
    as,
    payload: send('booking'),
    expect: { anonymous: 401, owner: 201, provider: 201, admin: 403 }[as as string] ?? 404,
  })),
  {
    method: 'POST',
    path: '/api/messages/',
    as: 'admin',
    payload: send('disputed'),
    expect: 403,
    note: 'admins only read',
  },
  {
    method: 'POST',
    path: '/api/messages/',
    as: 'provider',
    payload: send('pendingReq'),
    expect: 201,
    note: 'pending request',
  },
  {
    method: 'POST',
    path: '/api/messages/',
    as: 'owner',
    payload: send('pendingReq'),
    expect: 201,
    note: 'to the one applicant',
  },
  {
    method: 'POST',
    path: '/api/messages/',
    as: 'provider',
    payload: send('rejectedReq'),
    expect: 404,
    note: 'rejected request',
  },
  {
    method: 'POST',
    path: '/api/messages/',
    as: 'another provider',
    payload: send('pendingReq'),
    expect: 404,
    note: 'no request',
  },

  ...all.map((as): MatrixRow<F> => ({
    method: 'GET',
    path: '/api/messages/conversations',
    as,
    expect: as === 'anonymous' ? 401 : 200,
  })),

  ...readRows((f) => `/api/messages/thread?bookingId=${f.booking}`),
  {
    method: 'GET',
    path: (f) => `/api/messages/thread?bookingId=${f.disputed}`,
    as: 'admin',
    expect: 200,
    note: 'disputed',
  },
  {
    method: 'GET',
    path: (f) => `/api/messages/thread?bookingId=${f.pendingReq}`,
    as: 'provider',
    expect: 200,
    note: 'pending request',
  },
  {
    method: 'GET',
    path: (f) => `/api/messages/thread?bookingId=${f.rejectedReq}`,
    as: 'provider',
    expect: 404,
    note: 'rejected request',
  },

  ...readRows((f) => `/api/messages/booking/${f.booking}`),
  {
    method: 'GET',
    path: (f) => `/api/messages/booking/${f.disputed}`,
    as: 'admin',
    expect: 200,
    note: 'disputed',
  },
  {
    method: 'GET',
    path: (f) => `/api/messages/booking/${f.pendingReq}`,
    as: 'provider',
    expect: 200,
    note: 'pending request',
  },
  {
    method: 'GET',
    path: (f) => `/api/messages/booking/${f.rejectedReq}`,
    as: 'provider',
    expect: 404,
    note: 'rejected request',
  },

  ...all.map((as): MatrixRow<F> => ({
    method: 'GET',
    path: (f) => `/api/messages/${f.messageId}`,
    as,
    expect: { anonymous: 401, owner: 200, provider: 200 }[as as string] ?? 404,
  })),
  {
    method: 'GET',
    path: (f) => `/api/messages/${f.disputedMessageId}`,
    as: 'admin',
    expect: 200,
    note: 'disputed',
  },
  {
    method: 'GET',
    path: (f) => `/api/messages/${f.disputedMessageId}`,
    as: 'another owner',
    expect: 404,
  },
]);
