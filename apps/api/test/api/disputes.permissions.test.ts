import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { runPermissionMatrix, type Actors, type MatrixRow } from '../helpers/permission-matrix.ts';
import {
  call,
  closeApp,
  createActors,
  multipart,
  PNG_1PX,
  postBooking,
} from '../helpers/booking-fixtures.ts';

type F = {
  /** bookings of `owner` with `provider` accepted, one per row that opens a dispute */
  forOwner: string;
  forProvider: string;
  forStranger: string;
  forAdmin: string;
  /** open booking: no sitter yet */
  unassigned: string;
  /** `another provider` applied here and was rejected; `provider` was accepted */
  rejected: string;
  dispute: string;
  evidence: string;
  rejectedDispute: string;
  /** `another owner`'s booking with `another provider`, and its dispute */
  otherDispute: string;
  ownerId: string;
  providerId: string;
};

let t: TestApp;
let actors: Actors;
let fx: F;

beforeAll(async () => {
  t = await createTestApp();
  const cast = await createActors(t.app);
  actors = cast;
  const { owner, provider, 'another owner': otherOwner, 'another provider': otherProvider } = cast;
  const accepted = async (o = owner, p = provider, before?: (id: string) => Promise<unknown>) => {
    const b = await postBooking(t, o);
    await before?.(b._id);
    await call(t, 'POST', `/api/booking/${b._id}/send-request`, p);
    const res = await call(t, 'PUT', `/api/booking/accept/${b._id}`, o, {
      providerId: p.id,
      decision: 'accepted',
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    return b._id;
  };
  const open = async (bookingId: string, who = owner) => {
    const res = await call(t, 'POST', '/api/dispute/', who, { bookingId, reason: 'No show' });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json().data._id as string;
  };
  const rejected = await accepted(owner, provider, async (id) => {
    await call(t, 'POST', `/api/booking/${id}/send-request`, otherProvider);
    await call(t, 'PUT', `/api/booking/accept/${id}`, owner, {
      providerId: otherProvider.id,
      decision: 'rejected',
    });
  });
  const withEvidence = await accepted();
  const form = multipart({ bookingId: withEvidence, reason: 'Damage' }, [
    { field: 'evidence', name: 'photo.png', type: 'image/png', data: PNG_1PX },
  ]);
  const created = await t.call({
    method: 'POST',
    url: '/api/dispute/',
    token: owner.token,
    ...form,
  });
  if (created.statusCode !== 201) throw new Error(created.body);
  fx = {
    forOwner: await accepted(),
    forProvider: await accepted(),
    forStranger: await accepted(),
    forAdmin: await accepted(),
    unassigned: (await postBooking(t, owner))._id,
    rejected,
    dispute: created.json().data._id,
    evidence: created.json().data.evidence[0]._id,
    rejectedDispute: await open(rejected),
    otherDispute: await open(await accepted(otherOwner, otherProvider), otherOwner),
    ownerId: owner.id,
    providerId: provider.id,
  };
}, 60_000);
afterAll(() => closeApp(t));

const create = (key: keyof F) => (f: F) => ({ bookingId: f[key], reason: 'Late pick-up' });
const status = { status: 'closed', reason: 'Settled' };

const rows: MatrixRow<F>[] = [
  {
    method: 'POST',
    path: '/api/dispute/',
    as: 'anonymous',
    expect: 401,
    payload: create('forOwner'),
  },
  { method: 'POST', path: '/api/dispute/', as: 'owner', expect: 201, payload: create('forOwner') },
  {
    method: 'POST',
    path: '/api/dispute/',
    as: 'provider',
    expect: 201,
    payload: create('forProvider'),
    note: 'the assigned sitter',
  },
  {
    method: 'POST',
    path: '/api/dispute/',
    as: 'another owner',
    expect: 404,
    payload: create('forStranger'),
    note: 'a party of another booking',
  },
  {
    method: 'POST',
    path: '/api/dispute/',
    as: 'another provider',
    expect: 404,
    payload: create('rejected'),
    note: 'a sitter whose request was rejected',
  },
  { method: 'POST', path: '/api/dispute/', as: 'admin', expect: 403, payload: create('forAdmin') },
  {
    method: 'POST',
    path: '/api/dispute/',
    as: 'owner',
    expect: 409,
    payload: create('unassigned'),
    note: 'no sitter yet',
  },
  {
    method: 'POST',
    path: '/api/dispute/',
    as: 'provider',
    expect: 409,
    payload: create('rejected'),
    note: 'one dispute per booking',
  },

  { method: 'GET', path: '/api/dispute/', as: 'anonymous', expect: 401 },
  ...(['owner', 'another owner', 'provider', 'another provider', 'admin'] as const).map(
    (as): MatrixRow<F> => ({ method: 'GET', path: '/api/dispute/', as, expect: 200 }),
  ),

  ...(
    [
      ['anonymous', 401, ''],
      ['owner', 200, 'the owner'],
      ['provider', 200, 'the sitter'],
      ['another owner', 404, 'a party of another booking'],
      ['another provider', 404, 'a party of another booking'],
      ['admin', 200, ''],
    ] as const
  ).flatMap(([as, expect, note]): MatrixRow<F>[] => [
    { method: 'GET', path: (f) => `/api/dispute/${f.dispute}`, as, expect, note },
    {
      method: 'GET',
      path: (f) => `/api/dispute/${f.dispute}/evidence/${f.evidence}`,
      as,
      expect,
      note: `evidence ${note}`,
    },
  ]),
  {
    method: 'GET',
    path: (f) => `/api/dispute/${f.rejectedDispute}`,
    as: 'another provider',
    expect: 404,
    note: 'a sitter whose request was rejected',
  },
  { method: 'GET', path: (f) => `/api/dispute/${f.otherDispute}`, as: 'owner', expect: 404 },
  { method: 'GET', path: '/api/dispute/aaaaaaaaaaaaaaaaaaaaaaaa', as: 'admin', expect: 404 },

  ...(
    [
      ['anonymous', 401],
      ['owner', 403],
      ['provider', 403],
      ['another owner', 403],
      ['another provider', 403],
    ] as const
  ).map(([as, expect]): MatrixRow<F> => ({
    method: 'PUT',
    path: (f) => `/api/dispute/status-update/${f.otherDispute}`,
    as,
    expect,
    payload: status,
  })),
  {
    method: 'PUT',
    path: (f) => `/api/dispute/status-update/${f.otherDispute}`,
    as: 'admin',
    expect: 400,
    payload: (f: F) => ({ status: 'resolved', winnerId: f.ownerId }),
    note: 'winnerId not a party of that booking',
  },
  {
    method: 'PUT',
    path: (f) => `/api/dispute/status-update/${f.rejectedDispute}`,
    as: 'admin',
    expect: 200,
    payload: (f: F) => ({ status: 'resolved', winnerId: f.providerId, reason: 'Photos' }),
  },
  {
    method: 'PUT',
    path: '/api/dispute/status-update/aaaaaaaaaaaaaaaaaaaaaaaa',
    as: 'admin',
    expect: 404,
    payload: status,
  },
];

runPermissionMatrix('disputes permissions', () => ({ t, actors, fixtures: fx }), rows);
