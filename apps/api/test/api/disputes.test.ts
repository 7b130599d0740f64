import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import {
  call,
  closeApp,
  createOwner,
  createProvider,
  multipart,
  PNG_1PX,
  postBooking,
  type Owner,
} from '../helpers/booking-fixtures.ts';
import { pngImage } from '../helpers/multipart-form.ts';

let t: TestApp;
let owner: Owner;
let sitter: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app, { first_name: 'Olivia', last_name: 'Owens' });
  sitter = await createProvider(t.app, undefined, { first_name: 'Sam', last_name: 'Sitter' });
  admin = await createUser(t.app, { user_type: 'admin' });
}, 60_000);
afterAll(() => closeApp(t));

/** Open booking → sitter applies → owner accepts (→ start → complete). */
async function booking(complete = false): Promise<string> {
  const b = await postBooking(t, owner);
  const steps = [
    await call(t, 'POST', `/api/booking/${b._id}/send-request`, sitter),
    await call(t, 'PUT', `/api/booking/accept/${b._id}`, owner, {
      providerId: sitter.id,
      decision: 'accepted',
    }),
  ];
  if (complete) {
    steps.push(
      await call(t, 'PUT', `/api/booking/accept/${b._id}`, sitter, { status: 'in-progress' }),
    );
    steps.push(
      await call(t, 'PUT', `/api/booking/accept/${b._id}`, sitter, { status: 'completed' }),
    );
  }
  for (const res of steps) expect(res.statusCode, res.body).toBeLessThan(300);
  return b._id;
}

async function openDispute(bookingId: string, who: TestUser = owner) {
  const res = await call(t, 'POST', '/api/dispute/', who, {
    bookingId,
    reason: 'Walk cut short',
    description: 'Back after 10 minutes',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { _id: string; status: string };
}

const setStatus = (id: string, body: Record<string, unknown>) =>
  call(t, 'PUT', `/api/dispute/status-update/${id}`, admin, body);

const post = (token: string, form: ReturnType<typeof multipart>) =>
  t.call({ method: 'POST', url: '/api/dispute/', token, ...form });

describe('POST /api/dispute/', () => {
  it('opens a dispute with the wire of SPEC §3 and tells the other party only', async () => {
    const bookingId = await booking();
    const res = await call(t, 'POST', '/api/dispute/', sitter, {
      bookingId,
      reason: 'Owner not home',
      description: 'Waited 30 minutes',
    });
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json().data;
    expect(d).toMatchObject({
      _id: expect.stringMatching(/^[a-f0-9]{24}$/),
      bookingId,
      booking: {
        _id: bookingId,
        status: 'accepted',
        owner: { _id: owner.id, firstName: 'Olivia' },
        provider: { _id: sitter.id, firstName: 'Sam' },
      },
      openedBy: sitter.id,
      reason: 'Owner not home',
      description: 'Waited 30 minutes',
      status: 'open',
      winnerId: null,
      rejectionReason: null,
      reopened: false,
      evidence: [],
    });
    const list = (await call(t, 'GET', '/api/notifications/all', owner)).json().allNotifications;
    expect(list[0]).toMatchObject({
      type: 'dispute',
      data: { disputeId: d._id, status: 'open' },
    });
    // The service reads as words, not as its stored value ('dog-walking').
    expect(list[0].message).toMatch(/your dog walking booking/);
    // The sitter opened it: they are not told "a dispute was opened" as if someone else had.
    const own = (await call(t, 'GET', '/api/notifications/all', sitter)).json().allNotifications;
    expect(own.filter((n: { data: { disputeId?: string } }) => n.data.disputeId === d._id)).toEqual(
      [],
    );
  });

  it('refuses missing or oversized fields with a 400 and a message', async () => {
    const bookingId = await booking();
    const bad: [Record<string, unknown>, RegExp][] = [
      [{}, /bookingId/],
      [{ bookingId }, /reason is required/],
      [{ bookingId, reason: '   ' }, /reason is required/],
      [{ bookingId, reason: null }, /reason is required/],
      [{ bookingId, reason: 5 }, /reason must be text/],
      [{ bookingId, reason: 'x'.repeat(201) }, /reason must be at most 200 characters/],
      [{ bookingId, reason: 'Fine', description: 'x'.repeat(200_000) }, /description/],
      [{ bookingId: 'not-an-id', reason: 'Fine' }, /bookingId/],
    ];
    for (const [payload, message] of bad) {
      const res = await call(t, 'POST', '/api/dispute/', owner, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const form = multipart({ bookingId });
    expect((await post(owner.token, form)).statusCode).toBe(400);
    // `booking` is taken as the booking id's other spelling.
    const aliased = await call(t, 'POST', '/api/dispute/', owner, {
      booking: bookingId,
      reason: 'Late',
    });
    expect(aliased.statusCode, aliased.body).toBe(201);
    expect(aliased.json().data.bookingId).toBe(bookingId);
  });

  it('takes evidence files checked by content, re-encodes photos and serves them privately', async () => {
    const bookingId = await booking();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    const res = await post(
      owner.token,
      multipart({ bookingId, reason: 'Scratched sofa', description: 'See photos' }, [
        { field: 'evidence', name: 'sofa.png', type: 'image/png', data: await pngImage(40, 30) },
        { field: 'evidence', name: 'vet bill.pdf', type: 'application/pdf', data: pdf },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const evidence = res.json().data.evidence as { url: string; mime: string; name: string }[];
    expect(evidence.map((e) => [e.name, e.mime])).toEqual([
      ['sofa.webp', 'image/webp'],
      ['vet bill.pdf', 'application/pdf'],
    ]);
    const photo = await t.call({ method: 'GET', url: evidence[0]!.url, token: sitter.token });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect(photo.headers['x-content-type-options']).toBe('nosniff');
    expect(photo.headers['cache-control']).toBe('private, no-store');
    expect(photo.headers['content-disposition']).toMatch(/filename="sofa.webp"/);
    const doc = await t.call({ method: 'GET', url: evidence[1]!.url, token: admin.token });
    expect(doc.headers['content-disposition']).toMatch(/^attachment; filename="vet bill.pdf"/);
    expect(doc.rawPayload.equals(pdf)).toBe(true);
  });

  it('refuses bad evidence: wrong type by content, oversize, too many', async () => {
    const bookingId = await booking();
    const fields = { bookingId, reason: 'Damage' };
    const file = (data: Buffer, name = 'a.png', type = 'image/png') => ({
      field: 'evidence',
      name,
      type,
      data,
    });
    const disguised = file(Buffer.from('<html><script>alert(1)</script></html>'), 'x.png');
    expect((await post(owner.token, multipart(fields, [disguised]))).statusCode).toBe(415);
    const huge = Buffer.concat([PNG_1PX, Buffer.alloc(10 * 1024 * 1024)]);
    expect((await post(owner.token, multipart(fields, [file(huge)]))).statusCode).toBe(413);
    const six = Array.from({ length: 6 }, () => file(PNG_1PX));
    const tooMany = await post(owner.token, multipart(fields, six));
    expect(tooMany.statusCode, tooMany.body).toBe(400);
    expect(tooMany.json().errors).toEqual([{ path: 'evidence', message: 'Send at most 5 files' }]);
    // None of these opened a dispute.
    expect((await call(t, 'POST', '/api/dispute/', owner, fields)).statusCode).toBe(201);
  });
});

describe('PUT /api/dispute/status-update/:disputeId', () => {
  it('resolves with a winner, closes and reopens, telling both parties each time', async () => {
    const d = await openDispute(await booking());
    const notes = async (who: TestUser) =>
      (await call(t, 'GET', '/api/notifications/all', who))
        .json()
        .allNotifications.filter(
          (n: { data: { disputeId?: string } }) => n.data.disputeId === d._id,
        )
        .map((n: { data: { status: string } }) => n.data.status);

    const resolved = await setStatus(d._id, {
      status: 'resolved',
      winnerId: sitter.id,
      reason: 'Photos show the walk',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().data).toMatchObject({
      status: 'resolved',
      winnerId: sitter.id,
      rejectionReason: 'Photos show the walk',
      reopened: false,
    });
    const reopened = await setStatus(d._id, { status: 'open' });
    expect(reopened.json().data).toMatchObject({ status: 'open', winnerId: null, reopened: true });
    // Reopening what is open already changes nothing and tells nobody (DESIGN: both parties
    // are notified of a change).
    const again = await setStatus(d._id, { status: 'open' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ status: 'open', reopened: true });
    const closed = await setStatus(d._id, { status: 'closed', reason: 'Withdrawn', winnerId: '' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({ status: 'closed', rejectionReason: 'Withdrawn' });

    // The owner opened it, so only the sitter heard of the opening.
    expect((await notes(owner)).sort()).toEqual(['closed', 'open', 'resolved']);
    expect((await notes(sitter)).sort()).toEqual(['closed', 'open', 'open', 'resolved']);
    // Both parties read the outcome.
    for (const who of [owner, sitter]) {
      const res = await call(t, 'GET', `/api/dispute/${d._id}`, who);
      expect(res.json().data.status).toBe('closed');
    }
  });

  it('refuses a bad status, a winner who is not a party, and a second dispute', async () => {
    const bookingId = await booking();
    const d = await openDispute(bookingId);
    for (const body of [
      { status: 'pending' },
      {},
      { status: 'resolved', winnerId: admin.id },
      { status: 'resolved', winnerId: 'nope' },
      { status: 'closed', reason: 'x'.repeat(100_000) },
    ]) {
      const res = await setStatus(d._id, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(
      (await call(t, 'POST', '/api/dispute/', sitter, { bookingId, reason: 'Me too' })).statusCode,
    ).toBe(409);
    // Closed, it still stands for the booking: an admin reopens it, nobody opens another.
    await setStatus(d._id, { status: 'closed' });
    const again = await call(t, 'POST', '/api/dispute/', sitter, { bookingId, reason: 'Me too' });
    expect(again.statusCode, again.body).toBe(409);
    expect((await setStatus(d._id, { status: 'open' })).statusCode).toBe(200);
    expect((await setStatus(d._id, { status: 'resolved', winnerId: owner.id })).statusCode).toBe(
      200,
    );
  });
  it('refuses a dispute on a booking no sitter ever accepted, and takes one cancelled after acceptance', async () => {
    const refusal = 'A dispute can be opened once a sitter has accepted the booking';
    const dispute = (bookingId: string, who: TestUser = owner) =>
      call(t, 'POST', '/api/dispute/', who, { bookingId, reason: 'Not happy' });
    // A direct request the sitter declined: the sitter never took it on, and declining ends their
    // part in it (no longer its sitter: the booking's 404 to them).
    const declined = await postBooking(t, owner, { provider_id: sitter.id });
    const no = await call(t, 'PUT', `/api/booking/accept/${declined._id}`, sitter, {
      providerId: sitter.id,
      decision: 'rejected',
    });
    expect(no.json().data.status, no.body).toBe('cancelled');
    const byOwner = await dispute(declined._id, owner);
    expect(byOwner.statusCode, byOwner.body).toBe(409);
    expect(byOwner.json().message).toBe(refusal);
    expect((await dispute(declined._id, sitter)).statusCode).toBe(404);
    // A direct request the owner withdrew before any answer.
    const withdrawn = await postBooking(t, owner, { provider_id: sitter.id });
    const cancel = await call(t, 'PUT', `/api/booking/accept/${withdrawn._id}`, owner, {
      status: 'cancelled',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await dispute(withdrawn._id)).statusCode).toBe(409);
    // Accepted, then cancelled: the parties may still disagree about it.
    const taken = await booking();
    const after = await call(t, 'PUT', `/api/booking/accept/${taken}`, owner, {
      status: 'cancelled',
    });
    expect(after.statusCode, after.body).toBe(200);
    expect((await dispute(taken)).statusCode).toBe(201);
  });

  it('takes the status in any case and rejectionReason as the reason', async () => {
    const d = await openDispute(await booking());
    const res = await setStatus(d._id, { status: 'Closed', rejectionReason: 'Duplicate' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'closed', rejectionReason: 'Duplicate' });
  });
});

describe('GET /api/dispute/', () => {
  it('lists the disputes of my bookings (admins: all), by status, paged', async () => {
    const other = await createOwner(t.app);
    const d1 = await openDispute(await booking());
    const d2 = await openDispute(await booking(), sitter);
    await setStatus(d2._id, { status: 'closed' });

    const mine = await call(t, 'GET', '/api/dispute/?status=closed&limit=100', sitter);
    const ids = mine.json().data.map((d: { _id: string }) => d._id);
    expect(ids).toContain(d2._id);
    expect(ids).not.toContain(d1._id);
    expect(mine.json().data.every((d: { status: string }) => d.status === 'closed')).toBe(true);

    const none = await call(t, 'GET', '/api/dispute/', other);
    expect(none.json()).toMatchObject({ data: [], total: 0, meta: { total: 0, page: 1 } });

    const page = await call(t, 'GET', '/api/dispute/?limit=1&page=2', admin);
    expect(page.json()).toMatchObject({ page: 2, limit: 1, hasMore: true });
    expect(page.json().data).toHaveLength(1);
    expect((await call(t, 'GET', '/api/dispute/?status=bogus', admin)).statusCode).toBe(400);
    expect((await call(t, 'GET', '/api/dispute/?page=500&limit=100', admin)).statusCode).toBe(400);
  });
});

describe('GET /api/dispute/?bookingId=', () => {
  it("finds a booking's dispute for its parties and admins, nobody else's", async () => {
    const disputed = await booking();
    const calm = await booking();
    const d = await openDispute(disputed);
    const ids = async (who: TestUser, bookingId: string) => {
      const res = await call(t, 'GET', `/api/dispute/?bookingId=${bookingId}&limit=1`, who);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((x: { _id: string }) => x._id);
    };
    expect(await ids(owner, disputed)).toEqual([d._id]);
    expect(await ids(sitter, disputed)).toEqual([d._id]);
    expect(await ids(admin, disputed)).toEqual([d._id]);
    expect(await ids(sitter, calm)).toEqual([]);
    const stranger = await createOwner(t.app);
    expect(await ids(stranger, disputed)).toEqual([]);
    const bad = await call(t, 'GET', '/api/dispute/?bookingId=nope', owner);
    expect(bad.statusCode).toBe(400);
  });
});

describe("an admin's decision on a stale screen", () => {
  it("is refused (409) rather than overruling another admin's move; the same move again is not", async () => {
    const d = await openDispute(await booking());
    // Admin 2 closes it with a reason; admin 1, still reading "open", resolves it.
    const closed = await setStatus(d._id, { status: 'closed', reason: 'Settled by phone' });
    expect(closed.statusCode, closed.body).toBe(200);
    const stale = await setStatus(d._id, { status: 'resolved', expectedStatus: 'open' });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().message).toMatch(/is closed since you opened it/);
    const kept = (await call(t, 'GET', `/api/dispute/${d._id}`, admin)).json().data;
    expect(kept).toMatchObject({ status: 'closed', rejectionReason: 'Settled by phone' });
    // The move that was made, sent again from its own screen (a double click), stays a 200.
    const again = await setStatus(d._id, {
      status: 'closed',
      reason: 'Settled by phone',
      expectedStatus: 'open',
    });
    expect(again.statusCode, again.body).toBe(200);
    // Deciding on what is there now is taken.
    const reopened = await setStatus(d._id, { status: 'open', expectedStatus: 'closed' });
    expect(reopened.statusCode, reopened.body).toBe(200);
  });
});

describe('reviews of a booking under an open dispute', () => {
  it('are held from view, from the lists and from the ratings until the dispute ends', async () => {
    const bookingId = await booking(true);
    for (const [author, rating] of [
      [owner, 5],
      [sitter, 4],
    ] as const) {
      const res = await call(t, 'POST', `/api/crud/${bookingId}/Review/create`, author, {
        columns: { rating, comment: `${rating} stars` },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const seen = async () => ({
      // An author still reads their own review (as in the double-blind window), marked unseen.
      onBooking: (await call(t, 'GET', `/api/booking/${bookingId}`, owner))
        .json()
        .reviews.filter((r: { visible: boolean }) => r.visible).length,
      asAdmin: (await call(t, 'GET', `/api/booking/${bookingId}`, admin)).json().reviews.length,
      aboutSitter: (await call(t, 'GET', `/api/user/${sitter.id}/reviews`, owner)).json().total,
      sitterRating: (await call(t, 'GET', `/api/user/${sitter.id}`, owner)).json().data.rating,
      ownerRating: (await call(t, 'GET', `/api/user/${owner.id}`, sitter)).json().data.rating,
      // The cached rating the nearby lists sort and show by must follow.
      cached: await t.app.db
        .selectFrom('users')
        .select(['id', 'rating_avg', 'rating_count'])
        .where('id', 'in', [owner.id, sitter.id])
        .orderBy('id')
        .execute(),
    });
    const before = await seen();
    expect(before).toMatchObject({ onBooking: 2, asAdmin: 2, aboutSitter: 1 });
    expect(before.sitterRating.count).toBeGreaterThan(0);

    const d = await openDispute(bookingId);
    const held = await seen();
    expect(held).toMatchObject({ onBooking: 0, asAdmin: 0, aboutSitter: 0 });
    expect(held.sitterRating.count).toBe(before.sitterRating.count - 1);
    expect(held.ownerRating.count).toBe(before.ownerRating.count - 1);
    expect(held.cached.map((u) => Number(u.rating_count))).toEqual(
      before.cached.map((u) => Number(u.rating_count) - 1),
    );

    await setStatus(d._id, { status: 'resolved', winnerId: owner.id });
    expect(await seen()).toEqual(before);
    await setStatus(d._id, { status: 'open' });
    expect((await seen()).onBooking).toBe(0);
    await setStatus(d._id, { status: 'closed' });
    expect(await seen()).toEqual(before);
  });

  it('tell the reviewed party their review waits for the dispute, not for their own review', async () => {
    const bookingId = await booking(true);
    await openDispute(bookingId);
    const reviewNotice = async (who: TestUser) =>
      (await call(t, 'GET', '/api/notifications/all?limit=100', who))
        .json()
        .allNotifications.find(
          (n: { type: string; data: { bookingId?: string } }) =>
            n.type === 'review' && n.data.bookingId === bookingId,
        )?.message;
    const onHold = async (who: TestUser) =>
      (await call(t, 'GET', `/api/booking/${bookingId}`, who))
        .json()
        .reviews.map((r: { visible: boolean; onHold: boolean }) => [r.visible, r.onHold]);
    for (const author of [owner, sitter]) {
      const res = await call(t, 'POST', `/api/crud/${bookingId}/Review/create`, author, {
        columns: { rating: 5, comment: 'Fine' },
      });
      expect(res.statusCode, res.body).toBe(201);
      // The owner's lone review waits for the sitter's (blind); once both wrote, the dispute holds.
      expect(res.json().data.onHold).toBe(author === sitter);
    }
    expect(await onHold(owner)).toEqual([[false, true]]);
    expect(await onHold(sitter)).toEqual([[false, true]]);
    // The sitter had not written yet: the blind rule's wording.
    expect(await reviewNotice(sitter)).toMatch(/shows once you review too/);
    // The owner had: both wrote, and what holds them is the open dispute.
    expect(await reviewNotice(owner)).toMatch(
      /both reviews show once the dispute on this booking is settled$/,
    );
  });
});
