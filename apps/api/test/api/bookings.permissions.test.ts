import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { runPermissionMatrix, type Actors, type MatrixRow } from '../helpers/permission-matrix.ts';
import {
  bookingBody,
  call,
  closeApp,
  createActors,
  hoursFromNow,
  multipart,
  PNG_1PX,
  postBooking,
  type Owner,
} from '../helpers/booking-fixtures.ts';

type F = {
  owner: Owner;
  providerId: string;
  open: string;
  decidable: string;
  accepted: string;
  cancellable: string;
  started: string;
  eventId: string;
  completed: string;
  /** open bookings where `provider`'s request is pending, rejected, withdrawn by them, or
   * withdrawn because `another provider` was accepted */
  pendingReq: string;
  rejectedReq: string;
  withdrawnReq: string;
  lostReq: string;
};

let t: TestApp;
let actors: Actors;
let fx: F;

beforeAll(async () => {
  t = await createTestApp();
  const { owner, provider, ...others } = await createActors(t.app);
  actors = { owner, provider, ...others };
  const assigned = async () => {
    const b = await postBooking(t, owner, { provider_id: provider.id });
    await call(t, 'PUT', `/api/booking/accept/${b._id}`, provider, {
      providerId: provider.id,
      decision: 'accepted',
    });
    return b._id;
  };
  const decidable = await postBooking(t, owner);
  await call(t, 'POST', `/api/booking/${decidable._id}/send-request`, provider);
  const started = await assigned();
  const form = multipart({ status: 'in-progress', note: 'On our way' }, [
    { field: 'image', name: 'a.png', type: 'image/png', data: PNG_1PX },
  ]);
  const res = await t.call({
    method: 'PUT',
    url: `/api/booking/accept/${started}`,
    token: provider.token,
    ...form,
  });
  const eventId = res.json().data.timeline.at(-1)._id as string;
  const completed = await assigned();
  await call(t, 'PUT', `/api/booking/accept/${completed}`, provider, { status: 'in-progress' });
  await call(t, 'PUT', `/api/booking/accept/${completed}`, provider, { status: 'completed' });
  const withRequest = async (then?: (id: string) => Promise<unknown>) => {
    const b = await postBooking(t, owner);
    await call(t, 'POST', `/api/booking/${b._id}/send-request`, provider);
    await then?.(b._id);
    return b._id;
  };
  const other = actors['another provider'];
  fx = {
    pendingReq: await withRequest(),
    rejectedReq: await withRequest((id) =>
      call(t, 'PUT', `/api/booking/accept/${id}`, owner, {
        providerId: provider.id,
        decision: 'rejected',
      }),
    ),
    withdrawnReq: await withRequest((id) =>
      call(t, 'DELETE', `/api/booking/${id}/send-request`, provider),
    ),
    lostReq: await withRequest(async (id) => {
      await call(t, 'POST', `/api/booking/${id}/send-request`, other);
      await call(t, 'PUT', `/api/booking/accept/${id}`, owner, {
        providerId: other.id,
        decision: 'accepted',
      });
    }),
    owner,
    providerId: provider.id,
    open: (await postBooking(t, owner))._id,
    decidable: decidable._id,
    accepted: await assigned(),
    cancellable: await assigned(),
    started,
    eventId,
    completed,
  };
}, 60_000);
afterAll(() => closeApp(t));

const quote = (f: F) => ({
  provider_id: f.providerId,
  service: 'Dog walking',
  startDate: hoursFromNow(50),
  endDate: hoursFromNow(51),
});
const cancel = { status: 'cancelled' };
const review = { columns: { rating: 5, comment: 'Great' } };

/** A sitter sees a booking and its requests while their request is pending or accepted. */
const byRequestState = (
  key: 'pendingReq' | 'rejectedReq' | 'withdrawnReq' | 'lostReq',
  expect: number,
  note: string,
): MatrixRow<F>[] => [
  { method: 'GET', path: (f) => `/api/booking/${f[key]}`, as: 'provider', expect, note },
  { method: 'GET', path: (f) => `/api/booking/${f[key]}/requests`, as: 'provider', expect, note },
];

const CONTACT_OF_ACCEPTED = {
  anonymous: 401,
  owner: 200,
  'another owner': 404,
  provider: 200,
  'another provider': 404,
  admin: 404,
} as const;

const rows: MatrixRow<F>[] = [
  ...byRequestState('pendingReq', 200, 'request pending'),
  ...byRequestState('rejectedReq', 404, 'request rejected'),
  ...byRequestState('withdrawnReq', 404, 'request withdrawn by the sitter'),
  ...byRequestState('lostReq', 404, 'request withdrawn: another sitter was accepted'),
  {
    method: 'GET',
    path: (f) => `/api/booking/${f.lostReq}`,
    as: 'another provider',
    expect: 200,
    note: 'the accepted sitter',
  },
  {
    method: 'GET',
    path: (f) => `/api/booking/${f.pendingReq}`,
    as: 'another provider',
    expect: 200,
    note: 'still open to applications',
  },
  {
    method: 'GET',
    path: (f) => `/api/booking/${f.accepted}/requests`,
    as: 'another provider',
    expect: 404,
    note: 'sitter of another booking',
  },
  {
    method: 'POST',
    path: (f) => `/api/booking/${f.rejectedReq}/send-request`,
    as: 'provider',
    expect: 404,
    note: 'a rejected applicant cannot see it to apply again',
  },
  {
    method: 'POST',
    path: '/api/booking/',
    as: 'anonymous',
    expect: 401,
    payload: (f: F) => bookingBody(f.owner),
  },
  {
    method: 'POST',
    path: '/api/booking/',
    as: 'owner',
    expect: 201,
    payload: (f: F) => bookingBody(f.owner),
  },
  {
    method: 'POST',
    path: '/api/booking/',
    as: 'another owner',
    expect: 400,
    payload: (f: F) => bookingBody(f.owner),
    note: "someone else's pets",
  },
  {
    method: 'POST',
    path: '/api/booking/',
    as: 'provider',
    expect: 403,
    payload: (f: F) => bookingBody(f.owner),
  },
  {
    method: 'POST',
    path: '/api/booking/',
    as: 'admin',
    expect: 403,
    payload: (f: F) => bookingBody(f.owner),
  },
  { method: 'POST', path: '/api/booking/quote', as: 'anonymous', expect: 401, payload: quote },
  { method: 'POST', path: '/api/booking/quote', as: 'owner', expect: 200, payload: quote },
  {
    method: 'POST',
    path: '/api/booking/quote',
    as: 'another provider',
    expect: 200,
    payload: quote,
  },
  { method: 'GET', path: '/api/booking/', as: 'anonymous', expect: 401 },
  { method: 'GET', path: '/api/booking/', as: 'owner', expect: 200 },
  { method: 'GET', path: '/api/booking/', as: 'provider', expect: 200 },
  { method: 'GET', path: '/api/booking/', as: 'admin', expect: 200 },
  { method: 'GET', path: '/api/booking/user', as: 'anonymous', expect: 401 },
  { method: 'GET', path: '/api/booking/user', as: 'another owner', expect: 200 },
  { method: 'GET', path: '/api/booking/provider/in-progress', as: 'anonymous', expect: 401 },
  { method: 'GET', path: '/api/booking/provider/in-progress', as: 'owner', expect: 403 },
  { method: 'GET', path: '/api/booking/provider/in-progress', as: 'provider', expect: 200 },
  { method: 'GET', path: '/api/booking/provider/in-progress', as: 'admin', expect: 403 },
  { method: 'GET', path: (f) => `/api/booking/${f.accepted}`, as: 'anonymous', expect: 401 },
  { method: 'GET', path: (f) => `/api/booking/${f.accepted}`, as: 'owner', expect: 200 },
  { method: 'GET', path: (f) => `/api/booking/${f.accepted}`, as: 'another owner', expect: 404 },
  { method: 'GET', path: (f) => `/api/booking/${f.accepted}`, as: 'provider', expect: 200 },
  { method: 'GET', path: (f) => `/api/booking/${f.accepted}`, as: 'another provider', expect: 404 },
  { method: 'GET', path: (f) => `/api/booking/${f.accepted}`, as: 'admin', expect: 200 },
  {
    method: 'GET',
    path: (f) => `/api/booking/${f.open}`,
    as: 'another provider',
    expect: 200,
    note: 'open to applications',
  },
  { method: 'GET', path: (f) => `/api/booking/${f.open}`, as: 'another owner', expect: 404 },
  {
    method: 'POST',
    path: (f) => `/api/booking/${f.open}/send-request`,
    as: 'anonymous',
    expect: 401,
  },
  {
    method: 'POST',
    path: (f) => `/api/booking/${f.open}/send-request`,
    as: 'another owner',
    expect: 404,
  },
  { method: 'POST', path: (f) => `/api/booking/${f.open}/send-request`, as: 'admin', expect: 403 },
  {
    method: 'POST',
    path: (f) => `/api/booking/${f.open}/send-request`,
    as: 'provider',
    expect: 201,
  },
  {
    method: 'POST',
    path: (f) => `/api/booking/${f.open}/send-request`,
    as: 'another provider',
    expect: 201,
  },
  {
    method: 'POST',
    path: (f) => `/api/booking/${f.accepted}/send-request`,
    as: 'another provider',
    expect: 404,
  },
  {
    method: 'POST',
    path: (f) => `/api/booking/${f.accepted}/send-request`,
    as: 'owner',
    expect: 409,
    payload: (f: F) => ({ providerId: f.providerId }),
  },
  { method: 'GET', path: (f) => `/api/booking/${f.open}/requests`, as: 'anonymous', expect: 401 },
  { method: 'GET', path: (f) => `/api/booking/${f.open}/requests`, as: 'owner', expect: 200 },
  {
    method: 'GET',
    path: (f) => `/api/booking/${f.open}/requests`,
    as: 'another owner',
    expect: 404,
  },
  { method: 'GET', path: (f) => `/api/booking/${f.open}/requests`, as: 'provider', expect: 200 },
  { method: 'GET', path: (f) => `/api/booking/${f.open}/requests`, as: 'admin', expect: 200 },
  {
    method: 'GET',
    path: (f) => `/api/booking/${f.accepted}/requests`,
    as: 'another provider',
    expect: 404,
  },
  {
    method: 'PUT',
    path: (f) => `/api/booking/accept/${f.cancellable}`,
    as: 'anonymous',
    expect: 401,
    payload: cancel,
  },
  {
    method: 'PUT',
    path: (f) => `/api/booking/accept/${f.cancellable}`,
    as: 'another owner',
    expect: 404,
    payload: cancel,
  },
  {
    method: 'PUT',
    path: (f) => `/api/booking/accept/${f.cancellable}`,
    as: 'another provider',
    expect: 404,
    payload: cancel,
  },
  {
    method: 'PUT',
    path: (f) => `/api/booking/accept/${f.cancellable}`,
    as: 'admin',
    expect: 403,
    payload: cancel,
  },
  {
    method: 'PUT',
    path: (f) => `/api/booking/accept/${f.cancellable}`,
    as: 'owner',
    expect: 200,
    payload: cancel,
  },
  {
    method: 'PUT',
    path: (f) => `/api/booking/accept/${f.accepted}`,
    as: 'owner',
    expect: 403,
    payload: { status: 'in-progress' },
    note: 'only the sitter starts',
  },
  {
    method: 'PUT',
    path: (f) => `/api/booking/accept/${f.accepted}`,
    as: 'provider',
    expect: 200,
    payload: { status: 'in-progress' },
  },
  {
    method: 'PUT',
    path: (f) => `/api/booking/accept/${f.decidable}`,
    as: 'another owner',
    expect: 404,
    payload: (f: F) => ({ providerId: f.providerId, decision: 'accepted' }),
  },
  {
    method: 'PUT',
    path: (f) => `/api/booking/accept/${f.decidable}`,
    as: 'another provider',
    expect: 403,
    payload: (f: F) => ({ providerId: f.providerId, decision: 'accepted' }),
    note: "sees the open booking, cannot decide another sitter's request",
  },
  {
    method: 'PUT',
    path: (f) => `/api/booking/accept/${f.decidable}`,
    as: 'admin',
    expect: 403,
    payload: (f: F) => ({ providerId: f.providerId, decision: 'accepted' }),
  },
  {
    method: 'PUT',
    path: (f) => `/api/booking/accept/${f.decidable}`,
    as: 'provider',
    expect: 403,
    payload: (f: F) => ({ providerId: f.providerId, decision: 'accepted' }),
    note: 'own application',
  },
  {
    method: 'PUT',
    path: (f) => `/api/booking/accept/${f.decidable}`,
    as: 'owner',
    expect: 200,
    payload: (f: F) => ({ providerId: f.providerId, decision: 'accepted' }),
  },
  {
    method: 'GET',
    path: (f) => `/api/booking/${f.started}/events/${f.eventId}/image`,
    as: 'anonymous',
    expect: 401,
  },
  {
    method: 'GET',
    path: (f) => `/api/booking/${f.started}/events/${f.eventId}/image`,
    as: 'owner',
    expect: 200,
  },
  {
    method: 'GET',
    path: (f) => `/api/booking/${f.started}/events/${f.eventId}/image`,
    as: 'another owner',
    expect: 404,
  },
  {
    method: 'GET',
    path: (f) => `/api/booking/${f.started}/events/${f.eventId}/image`,
    as: 'provider',
    expect: 200,
  },
  {
    method: 'GET',
    path: (f) => `/api/booking/${f.started}/events/${f.eventId}/image`,
    as: 'another provider',
    expect: 404,
  },
  {
    method: 'GET',
    path: (f) => `/api/booking/${f.started}/events/${f.eventId}/image`,
    as: 'admin',
    expect: 200,
  },
  {
    method: 'POST',
    path: (f) => `/api/crud/${f.completed}/Review/create`,
    as: 'anonymous',
    expect: 401,
    payload: review,
  },
  {
    method: 'POST',
    path: (f) => `/api/crud/${f.completed}/Review/create`,
    as: 'another owner',
    expect: 404,
    payload: review,
  },
  {
    method: 'POST',
    path: (f) => `/api/crud/${f.completed}/Review/create`,
    as: 'another provider',
    expect: 404,
    payload: review,
  },
  {
    method: 'POST',
    path: (f) => `/api/crud/${f.completed}/Review/create`,
    as: 'admin',
    expect: 403,
    payload: review,
  },
  {
    method: 'POST',
    path: (f) => `/api/crud/${f.accepted}/Review/create`,
    as: 'owner',
    expect: 409,
    payload: review,
    note: 'not completed',
  },
  {
    method: 'POST',
    path: (f) => `/api/crud/${f.completed}/Review/create`,
    as: 'owner',
    expect: 201,
    payload: review,
  },
  {
    method: 'POST',
    path: (f) => `/api/crud/${f.completed}/Review/create`,
    as: 'provider',
    expect: 201,
    payload: review,
  },
  {
    method: 'POST',
    path: (f) => `/api/crud/${f.completed}/Review/create`,
    as: 'provider',
    expect: 409,
    payload: review,
    note: 'second review',
  },
  // The other party's phone and address: the two parties of an assigned booking, nobody else.
  ...Object.entries(CONTACT_OF_ACCEPTED).map(([as, expect]): MatrixRow<F> => ({
    method: 'GET',
    path: (f) => `/api/booking/${f.accepted}/contact`,
    as: as as keyof typeof CONTACT_OF_ACCEPTED,
    expect,
  })),
  {
    method: 'GET',
    path: (f) => `/api/booking/${f.pendingReq}/contact`,
    as: 'provider',
    expect: 404,
    note: 'an applicant is no party yet',
  },
  {
    method: 'GET',
    path: (f) => `/api/booking/${f.lostReq}/contact`,
    as: 'provider',
    expect: 404,
    note: 'the applicant who lost',
  },
  {
    method: 'GET',
    path: (f) => `/api/booking/${f.completed}/contact`,
    as: 'owner',
    expect: 409,
    note: 'only while the booking is accepted or in progress',
  },
];

runPermissionMatrix('bookings and reviews permissions', () => ({ t, actors, fixtures: fx }), rows);

const grantBody = (f: F) => ({ userId: f.owner.id, amount: 500, reason: 'Welcome gift' });
runPermissionMatrix('credits permissions', () => ({ t, actors, fixtures: fx }), [
  {
    method: 'POST',
    path: '/api/userCredit/user-credits',
    as: 'anonymous',
    expect: 401,
    payload: grantBody,
  },
  {
    method: 'POST',
    path: '/api/userCredit/user-credits',
    as: 'owner',
    expect: 403,
    payload: grantBody,
  },
  {
    method: 'POST',
    path: '/api/userCredit/user-credits',
    as: 'provider',
    expect: 403,
    payload: grantBody,
  },
  {
    method: 'POST',
    path: '/api/userCredit/user-credits',
    as: 'admin',
    expect: 201,
    payload: grantBody,
  },
  {
    method: 'GET',
    path: (f) => `/api/userCredit/user-credits/${f.owner.id}`,
    as: 'anonymous',
    expect: 401,
  },
  {
    method: 'GET',
    path: (f) => `/api/userCredit/user-credits/${f.owner.id}`,
    as: 'owner',
    expect: 200,
  },
  {
    method: 'GET',
    path: (f) => `/api/userCredit/user-credits/${f.owner.id}`,
    as: 'another owner',
    expect: 404,
    note: 'hidden',
  },
  {
    method: 'GET',
    path: (f) => `/api/userCredit/user-credits/${f.owner.id}`,
    as: 'provider',
    expect: 404,
    note: 'hidden',
  },
  {
    method: 'GET',
    path: (f) => `/api/userCredit/user-credits/${f.owner.id}`,
    as: 'another provider',
    expect: 404,
    note: 'hidden',
  },
  {
    method: 'GET',
    path: (f) => `/api/userCredit/user-credits/${f.owner.id}`,
    as: 'admin',
    expect: 200,
  },
]);
