import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { runPermissionMatrix, type Actors, type MatrixRow } from '../helpers/permission-matrix.ts';
import {
  call,
  closeApp,
  createActors,
  grant,
  postBooking,
  type Owner,
} from '../helpers/booking-fixtures.ts';

/** Who may preview, request, read, decide and cancel a weekly series. No row changes state. */
type F = {
  owner: Owner;
  providerId: string;
  pending: string;
  accepted: string;
  occurrence: string;
  /** A booking of the owner that belongs to no series. */
  single: string;
};

let t: TestApp;
let actors: Actors;
let fx: F;

const DAY = 86_400_000;
const dateIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

const body = (f: F, extra: Record<string, unknown> = {}) => ({
  provider_id: f.providerId,
  service: 'Dog walking',
  pets: [f.owner.petIds[0]],
  weekdays: [new Date(`${dateIn(7)}T00:00:00Z`).getUTCDay()],
  time: '08:00',
  durationMinutes: 60,
  startDate: dateIn(7),
  count: 2,
  creditsToApply: 4000,
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  const { owner, provider, ...others } = await createActors(t.app);
  actors = { owner, provider, ...others };
  await grant(t.app, owner.id, 100_000);
  const partial = { owner, providerId: provider.id } as F;
  const request = async (extra: Record<string, unknown>) => {
    const res = await call(t, 'POST', '/api/booking/series', owner, body(partial, extra));
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json().data.id as string;
  };
  const pending = await request({ startDate: dateIn(8) });
  const accepted = await request({ startDate: dateIn(9) });
  const decided = await call(t, 'PUT', `/api/booking/series/${accepted}/decision`, provider, {
    decision: 'accepted',
  });
  const single = await postBooking(t, owner, { provider_id: provider.id, creditsToApply: 4000 });
  fx = {
    ...partial,
    pending,
    accepted,
    occurrence: decided.json().data.occurrences[0].bookingId,
    single: single._id,
  };
}, 60_000);
afterAll(() => closeApp(t));

const MISSING = '0123456789abcdef01234567';
const series = (key: 'pending' | 'accepted') => (f: F) => `/api/booking/series/${f[key]}`;
const rows: MatrixRow<F>[] = [
  {
    method: 'POST',
    path: '/api/booking/series/preview',
    as: 'anonymous',
    expect: 401,
    payload: body,
  },
  { method: 'POST', path: '/api/booking/series/preview', as: 'owner', expect: 200, payload: body },
  {
    method: 'POST',
    path: '/api/booking/series/preview',
    as: 'provider',
    expect: 403,
    payload: body,
  },
  { method: 'POST', path: '/api/booking/series/preview', as: 'admin', expect: 403, payload: body },
  {
    method: 'POST',
    path: '/api/booking/series/preview',
    as: 'another owner',
    expect: 400,
    payload: body,
    note: "someone else's pets",
  },
  { method: 'POST', path: '/api/booking/series', as: 'anonymous', expect: 401, payload: body },
  { method: 'POST', path: '/api/booking/series', as: 'provider', expect: 403, payload: body },
  { method: 'POST', path: '/api/booking/series', as: 'another owner', expect: 400, payload: body },
  {
    method: 'POST',
    path: '/api/booking/series',
    as: 'owner',
    expect: 404,
    payload: (f: F) => body(f, { provider_id: MISSING }),
    note: 'unknown sitter',
  },

  { method: 'GET', path: '/api/booking/series', as: 'anonymous', expect: 401 },
  { method: 'GET', path: '/api/booking/series', as: 'owner', expect: 200 },
  { method: 'GET', path: '/api/booking/series', as: 'provider', expect: 200 },
  { method: 'GET', path: '/api/booking/series?role=provider', as: 'owner', expect: 403 },
  { method: 'GET', path: '/api/booking/series?status=nope', as: 'owner', expect: 400 },

  { method: 'GET', path: series('pending'), as: 'anonymous', expect: 401 },
  { method: 'GET', path: series('pending'), as: 'owner', expect: 200 },
  { method: 'GET', path: series('pending'), as: 'provider', expect: 200 },
  { method: 'GET', path: series('pending'), as: 'admin', expect: 200 },
  { method: 'GET', path: series('pending'), as: 'another owner', expect: 404 },
  { method: 'GET', path: series('pending'), as: 'another provider', expect: 404 },
  { method: 'GET', path: `/api/booking/series/${MISSING}`, as: 'owner', expect: 404 },
  { method: 'GET', path: '/api/booking/series/not-an-id', as: 'owner', expect: 404 },

  ...(['anonymous', 'owner', 'admin', 'another owner', 'another provider'] as const).map(
    (as): MatrixRow<F> => ({
      method: 'PUT',
      path: (f: F) => `${series('pending')(f)}/decision`,
      as,
      expect: { anonymous: 401, owner: 403, admin: 403 }[as as string] ?? 404,
      payload: { decision: 'accepted' },
    }),
  ),
  {
    method: 'PUT',
    path: (f: F) => `${series('pending')(f)}/decision`,
    as: 'provider',
    expect: 400,
    payload: { decision: 'maybe' },
  },
  {
    method: 'PUT',
    path: (f: F) => `${series('accepted')(f)}/decision`,
    as: 'provider',
    expect: 409,
    payload: { decision: 'rejected' },
    note: 'already accepted',
  },

  ...(['anonymous', 'admin', 'another owner', 'another provider'] as const).map(
    (as): MatrixRow<F> => ({
      method: 'POST',
      path: (f: F) => `${series('accepted')(f)}/cancel`,
      as,
      expect: { anonymous: 401, admin: 403 }[as as string] ?? 404,
      payload: { scope: 'rest' },
    }),
  ),
  {
    method: 'POST',
    path: (f: F) => `${series('accepted')(f)}/cancel`,
    as: 'owner',
    expect: 400,
    payload: { scope: 'occurrence' },
    note: 'no bookingId',
  },
  {
    method: 'POST',
    path: (f: F) => `${series('accepted')(f)}/cancel`,
    as: 'owner',
    expect: 404,
    payload: (f: F) => ({ scope: 'occurrence', bookingId: f.single }),
    note: 'a booking of no series',
  },
  {
    method: 'POST',
    path: (f: F) => `${series('accepted')(f)}/cancel`,
    as: 'another provider',
    expect: 404,
    payload: (f: F) => ({ scope: 'occurrence', bookingId: f.occurrence }),
  },
  {
    method: 'GET',
    path: (f: F) => `/api/booking/${f.occurrence}`,
    as: 'another owner',
    expect: 404,
    note: 'an occurrence booking is as private as any',
  },
  { method: 'GET', path: (f: F) => `/api/booking/${f.occurrence}`, as: 'provider', expect: 200 },
];

runPermissionMatrix('booking series permissions', () => ({ t, actors, fixtures: fx }), rows);
