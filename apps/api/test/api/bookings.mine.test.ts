import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { submitSandbox } from '../helpers/checkout.ts';
import {
  bookingBody,
  call,
  closeApp,
  createOwner,
  createProvider,
  postBooking,
  walkDates,
  type Owner,
} from '../helpers/booking-fixtures.ts';
import { runPermissionMatrix, type Actors } from '../helpers/permission-matrix.ts';

type MineItem = {
  _id: string;
  bookingId: string;
  providerId: string;
  state: string;
  initiatedBy: string;
  booking: { _id: string; service: string; status: string; owner: { _id: string } };
};

let t: TestApp;
let actors: Actors;
let owner: Owner;
let sitter: TestUser;
let other: TestUser;
/** Booking ids by the request the sitter has on them, oldest first. */
const b: Record<'applied' | 'invited' | 'rejected' | 'toWithdraw' | 'assigned', string> = {
  applied: '',
  invited: '',
  rejected: '',
  toWithdraw: '',
  assigned: '',
};

async function backdate(bookingId: string, providerId: string, minutesAgo: number) {
  await t.app.db
    .updateTable('booking_requests')
    .set({ created_at: new Date(Date.now() - minutesAgo * 60_000).toISOString() })
    .where('booking_id', '=', bookingId)
    .where('provider_id', '=', providerId)
    .execute();
}

const mine = (query = '', who: TestUser | null = sitter) =>
  call(t, 'GET', `/api/booking/requests/mine${query}`, who);

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app);
  sitter = await createProvider(t.app);
  other = await createProvider(t.app);
  actors = {
    owner,
    'another owner': await createOwner(t.app),
    provider: sitter,
    'another provider': other,
    admin: await createUser(t.app, { user_type: 'admin' }),
  };
  b.applied = (await postBooking(t, owner))._id;
  await call(t, 'POST', `/api/booking/${b.applied}/send-request`, sitter);
  b.invited = (await postBooking(t, owner, { service: 'Boarding' }))._id;
  await call(t, 'POST', `/api/booking/${b.invited}/send-request`, owner, { providerId: sitter.id });
  b.rejected = (await postBooking(t, owner))._id;
  await call(t, 'POST', `/api/booking/${b.rejected}/send-request`, sitter);
  await call(t, 'PUT', `/api/booking/accept/${b.rejected}`, owner, {
    providerId: sitter.id,
    decision: 'rejected',
  });
  b.toWithdraw = (await postBooking(t, owner))._id;
  await call(t, 'POST', `/api/booking/${b.toWithdraw}/send-request`, sitter);
  await call(t, 'POST', `/api/booking/${b.toWithdraw}/send-request`, other);
  b.assigned = (await postBooking(t, owner, { provider_id: sitter.id }))._id;
  await call(t, 'PUT', `/api/booking/accept/${b.assigned}`, sitter, {
    providerId: sitter.id,
    decision: 'accepted',
  });
  const order = [b.applied, b.invited, b.rejected, b.toWithdraw, b.assigned];
  for (const [i, id] of order.entries()) await backdate(id, sitter.id, 50 - i * 10);
}, 60_000);
afterAll(() => closeApp(t));

describe('GET /api/booking/requests/mine', () => {
  it("lists the sitter's requests newest first, with state, initiator and booking summary", async () => {
    const res = await mine();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: MineItem[]; total: number; hasMore: boolean };
    expect(body.total).toBe(5);
    expect(body.hasMore).toBe(false);
    expect(body.data.map((r) => r.bookingId)).toEqual([
      b.assigned,
      b.toWithdraw,
      b.rejected,
      b.invited,
      b.applied,
    ]);
    expect(body.data.every((r) => r.providerId === sitter.id)).toBe(true);
    const invited = body.data.find((r) => r.bookingId === b.invited)!;
    expect(invited).toMatchObject({ state: 'pending', initiatedBy: 'owner' });
    expect(invited.booking).toMatchObject({
      _id: b.invited,
      service: 'boarding',
      status: 'pending',
      owner: { _id: owner.id },
      // What the sitter decides on before answering: the pets and the owner's notes.
      pets: [expect.any(String)],
      notes: expect.any(String),
    });
    expect(body.data[0]).toMatchObject({ state: 'accepted', booking: { status: 'accepted' } });
    expect(body.data.find((r) => r.bookingId === b.rejected)!.state).toBe('rejected');
  });

  it('lists a direct request once its card part is paid, and never one abandoned unpaid', async () => {
    const fresh = await createProvider(t.app);
    const request = async () => {
      const res = await call(t, 'POST', '/api/booking/', owner, {
        ...bookingBody(owner, { provider_id: fresh.id }),
        creditsToApply: 0,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { _id: string; payment: { checkoutUrl: string } };
    };
    const listed = async () =>
      ((await mine('', fresh)).json().data as MineItem[]).map((r) => r.bookingId);

    const paid = await request();
    const abandoned = await request();
    expect(await listed()).toEqual([]);
    expect((await submitSandbox(t, paid.payment.checkoutUrl, 'Pay')).statusCode).toBeLessThan(400);
    await submitSandbox(t, abandoned.payment.checkoutUrl, 'Cancel');
    expect(await listed()).toEqual([paid._id]);
    expect((await mine('', fresh)).json().total).toBe(1);
  });

  it('filters by state and paginates', async () => {
    const pending = (await mine('?state=pending')).json() as { data: MineItem[]; total: number };
    expect(pending.total).toBe(3);
    expect(pending.data.map((r) => r.bookingId)).toEqual([b.toWithdraw, b.invited, b.applied]);

    const page2 = (await mine('?limit=2&page=2')).json() as Record<string, unknown> & {
      data: MineItem[];
    };
    expect(page2).toMatchObject({ page: 2, limit: 2, total: 5, totalPages: 3, hasMore: true });
    expect(page2.data.map((r) => r.bookingId)).toEqual([b.rejected, b.invited]);
    expect((await mine('?limit=1000')).json().limit).toBe(100);
    expect((await mine('?state=bogus')).statusCode).toBe(400);
  });

  it('says which pending invitation the calendar rules out, with what accepting it would answer', async () => {
    const busy = await createProvider(t.app);
    const same = walkDates(300);
    const first = (await postBooking(t, owner, same))._id;
    const second = (await postBooking(t, owner, same))._id;
    for (const id of [first, second])
      await call(t, 'POST', `/api/booking/${id}/send-request`, owner, { providerId: busy.id });
    const invitations = async () =>
      new Map(
        ((await mine('', busy)).json().data as (MineItem & { cannotAccept?: unknown })[]).map(
          (r) => [r.bookingId, r.cannotAccept],
        ),
      );
    expect([...(await invitations()).values()]).toEqual([undefined, undefined]);

    const accepted = await call(t, 'PUT', `/api/booking/accept/${first}`, busy, {
      providerId: busy.id,
      decision: 'accepted',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const after = await invitations();
    expect(after.get(first)).toBeUndefined();
    const refusal = await call(t, 'PUT', `/api/booking/accept/${second}`, busy, {
      providerId: busy.id,
      decision: 'accepted',
    });
    expect(refusal.statusCode).toBe(409);
    expect(after.get(second)).toEqual({ reason: 'calendar', message: refusal.json().message });
  });

  it('shows another sitter only their own requests', async () => {
    const res = (await mine('', other)).json() as { data: MineItem[] };
    expect(res.data.map((r) => r.bookingId)).toEqual([b.toWithdraw]);
  });
});

describe('DELETE /api/booking/{id}/send-request', () => {
  it("withdraws the sitter's pending application, keeps the row and notifies the owner", async () => {
    const res = await call(t, 'DELETE', `/api/booking/${b.toWithdraw}/send-request`, sitter);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'withdrawn', providerId: sitter.id });
    const row = await t.app.db
      .selectFrom('booking_requests')
      .select('state')
      .where('booking_id', '=', b.toWithdraw)
      .where('provider_id', '=', sitter.id)
      .executeTakeFirst();
    expect(row?.state).toBe('withdrawn');
    const notes = await t.app.db
      .selectFrom('notifications')
      .select(['type', 'data'])
      .where('user_id', '=', owner.id)
      .where('type', '=', 'booking-request-withdrawn')
      .execute();
    expect(notes).toHaveLength(1);
    expect(notes[0]!.data).toContain(b.toWithdraw);
    // The other sitter's application on the same booking is untouched.
    const others = (await mine('?state=pending', other)).json() as { data: MineItem[] };
    expect(others.data.map((r) => r.bookingId)).toEqual([b.toWithdraw]);
    const withdrawn = (await mine('?state=withdrawn')).json() as { data: MineItem[] };
    expect(withdrawn.data.map((r) => r.bookingId)).toEqual([b.toWithdraw]);
  });

  it('answers 409 for a second withdrawal and for a decided request', async () => {
    const again = await call(t, 'DELETE', `/api/booking/${b.toWithdraw}/send-request`, sitter);
    expect(again.statusCode).toBe(409);
    const decided = await call(t, 'DELETE', `/api/booking/${b.rejected}/send-request`, sitter);
    expect(decided.statusCode).toBe(409);
  });

  it('answers 409 for an owner invitation (it is answered, not withdrawn)', async () => {
    const res = await call(t, 'DELETE', `/api/booking/${b.invited}/send-request`, sitter);
    expect(res.statusCode).toBe(409);
    const list = (await mine('?state=pending')).json() as { data: MineItem[] };
    expect(list.data.map((r) => r.bookingId)).toContain(b.invited);
  });

  it("answers 404 for a booking where the sitter has no request (another sitter's)", async () => {
    const res = await call(t, 'DELETE', `/api/booking/${b.applied}/send-request`, other);
    expect(res.statusCode).toBe(404);
    const still = (await mine('?state=pending')).json() as { data: MineItem[] };
    expect(still.data.map((r) => r.bookingId)).toContain(b.applied);
  });
});

describe('GET /api/booking/ for a sitter with ?status=', () => {
  it("filters the sitter's own bookings by status; open bookings show only for pending", async () => {
    const accepted = (await call(t, 'GET', '/api/booking/?status=accepted', sitter)).json() as {
      data: { _id: string; status: string }[];
      total: number;
    };
    expect(accepted.data.map((x) => x._id)).toEqual([b.assigned]);
    expect(accepted.total).toBe(1);

    const pending = (await call(t, 'GET', '/api/booking/?status=pending', sitter)).json() as {
      data: { _id: string; status: string }[];
    };
    expect(pending.data.length).toBeGreaterThan(0);
    expect(pending.data.every((x) => x.status === 'pending')).toBe(true);
    expect(pending.data.map((x) => x._id)).not.toContain(b.assigned);

    const all = (await call(t, 'GET', '/api/booking/', sitter)).json() as {
      data: { _id: string }[];
    };
    expect(all.data.map((x) => x._id)).toContain(b.assigned);
    expect(all.data.map((x) => x._id)).toContain(b.applied);

    const none = (await call(t, 'GET', '/api/booking/?status=completed', sitter)).json();
    expect(none.total).toBe(0);
    expect((await call(t, 'GET', '/api/booking/?status=done', sitter)).statusCode).toBe(400);
  });
});

runPermissionMatrix(
  'my requests and withdrawing: permissions',
  () => ({ t, actors, fixtures: b }),
  [
    { method: 'GET', path: '/api/booking/requests/mine', as: 'anonymous', expect: 401 },
    { method: 'GET', path: '/api/booking/requests/mine', as: 'owner', expect: 403 },
    { method: 'GET', path: '/api/booking/requests/mine', as: 'admin', expect: 403 },
    { method: 'GET', path: '/api/booking/requests/mine', as: 'provider', expect: 200 },
    { method: 'GET', path: '/api/booking/requests/mine', as: 'another provider', expect: 200 },
    {
      method: 'DELETE',
      path: (f) => `/api/booking/${f.applied}/send-request`,
      as: 'anonymous',
      expect: 401,
    },
    {
      method: 'DELETE',
      path: (f) => `/api/booking/${f.applied}/send-request`,
      as: 'owner',
      expect: 403,
    },
    {
      method: 'DELETE',
      path: (f) => `/api/booking/${f.applied}/send-request`,
      as: 'admin',
      expect: 403,
    },
    {
      method: 'DELETE',
      path: (f) => `/api/booking/${f.applied}/send-request`,
      as: 'another provider',
      expect: 404,
      note: 'no request of theirs',
    },
    {
      method: 'DELETE',
      path: '/api/booking/not-an-id/send-request',
      as: 'provider',
      expect: 404,
    },
  ],
);
