import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import {
  hoursFromNow,
  call,
  closeApp,
  createOwner,
  createProvider,
  multipart,
  PNG_1PX,
  postBooking,
  type Owner,
} from '../helpers/booking-fixtures.ts';
import { getRatingSummaries } from '../../src/modules/reviews/index.ts';

let t: TestApp;
let owner: Owner;
let sitterA: TestUser;
let sitterB: TestUser;
let sitterC: TestUser;
let bookingId: string;

async function notificationTypes(userId: string): Promise<string[]> {
  const rows = await t.app.db
    .selectFrom('notifications')
    .select('type')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => r.type);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app);
  sitterA = await createProvider(t.app);
  sitterB = await createProvider(t.app);
  sitterC = await createProvider(t.app);
  await createUser(t.app, { user_type: 'admin' });
}, 60_000);
afterAll(() => closeApp(t));

describe('open booking: request → accept → start → check-in → complete → review', () => {
  it('creates an open booking without a price', async () => {
    const res = await call(t, 'POST', '/api/booking/', owner, {
      service: 'Dog walking',
      pets: owner.petIds,
      startDate: hoursFromNow(72),
      endDate: hoursFromNow(73.5),
      notes: 'Two dogs, one leash each',
    });
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json().data;
    bookingId = b._id;
    expect(b).toMatchObject({
      id: b._id,
      user_id: owner.id,
      status: 'pending',
      provider_id: null,
      provider: null,
      price: null,
      amountDueCents: null,
      creditsApplied: 0,
      pets: owner.petIds,
      owner: { _id: owner.id },
    });
    expect(b.timeline.map((e: { type: string; by: string | null }) => [e.type, e.by])).toEqual([
      ['created', 'owner'],
    ]);
    expect(b.cancellationPolicy).toMatch(/48 hours/);
  });

  it('shows the open booking to sitters offering the service', async () => {
    const res = await call(t, 'GET', '/api/booking/', sitterC);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((b: { _id: string }) => b._id)).toContain(bookingId);
    const other = await createProvider(t.app, { Grooming: 3000 });
    const none = await call(t, 'GET', '/api/booking/', other);
    expect(none.json().data.map((b: { _id: string }) => b._id)).not.toContain(bookingId);
  });

  it('lets sitters apply once each and notifies the owner', async () => {
    for (const s of [sitterA, sitterB]) {
      const res = await call(t, 'POST', `/api/booking/${bookingId}/send-request`, s);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({
        providerId: s.id,
        state: 'pending',
        initiatedBy: 'provider',
      });
    }
    const dup = await call(t, 'POST', `/api/booking/${bookingId}/send-request`, sitterA, {});
    expect(dup.statusCode).toBe(409);
    expect((await notificationTypes(owner.id)).filter((x) => x === 'booking-request')).toHaveLength(
      2,
    );
  });

  it('lists requests: all for the owner, only their own for a sitter', async () => {
    const all = await call(t, 'GET', `/api/booking/${bookingId}/requests`, owner);
    expect(all.statusCode).toBe(200);
    expect(all.json().providers).toHaveLength(2);
    expect(all.json().providers[0].provider).toMatchObject({
      firstName: expect.any(String),
      city: 'Lisbon',
    });
    const mine = await call(t, 'GET', `/api/booking/${bookingId}/requests`, sitterB);
    expect(mine.json().providers.map((p: { providerId: string }) => p.providerId)).toEqual([
      sitterB.id,
    ]);
  });

  it('accepts one sitter, prices the booking and withdraws the other request', async () => {
    const res = await call(t, 'PUT', `/api/booking/accept/${bookingId}`, owner, {
      providerId: sitterA.id,
      decision: 'accepted',
    });
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json().data;
    expect(b).toMatchObject({
      status: 'accepted',
      provider_id: sitterA.id,
      provider: { _id: sitterA.id },
    });
    expect(b.price).toEqual({
      amountCents: 4000,
      currency: 'USD',
      units: 2,
      unitLabel: 'hour',
      rateCents: 2000,
    });
    expect(b.amountDueCents).toBe(4000);
    const reqs = await call(t, 'GET', `/api/booking/${bookingId}/requests`, owner);
    const states = Object.fromEntries(
      reqs
        .json()
        .providers.map((p: { providerId: string; state: string }) => [p.providerId, p.state]),
    );
    expect(states).toEqual({ [sitterA.id]: 'accepted', [sitterB.id]: 'closed' });
    expect(await notificationTypes(sitterA.id)).toContain('booking-decision');
    // It says which booking: the service and its start.
    const decision = await t.app.db
      .selectFrom('notifications')
      .select('message')
      .where('user_id', '=', sitterA.id)
      .where('type', '=', 'booking-decision')
      .executeTakeFirstOrThrow();
    expect(decision.message).toMatch(
      /^The owner accepted the .+ booking for \w{3} \d{1,2} \w{3} \d{4}, \d\d:\d\d UTC$/,
    );
    expect(await notificationTypes(sitterB.id)).toContain('booking-withdrawn');
    const again = await call(t, 'PUT', `/api/booking/accept/${bookingId}`, owner, {
      providerId: sitterB.id,
      decision: 'accepted',
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses moves the caller may never make with 403, and illegal moves with 409', async () => {
    const ownerStart = await call(t, 'PUT', `/api/booking/accept/${bookingId}`, owner, {
      status: 'in-progress',
    });
    expect(ownerStart.statusCode).toBe(403);
    expect(ownerStart.json().message).toMatch(/sitter/);
    const complete = await call(t, 'PUT', `/api/booking/accept/${bookingId}`, sitterA, {
      status: 'completed',
    });
    expect(complete.statusCode).toBe(409);
    const stranger = await call(t, 'PUT', `/api/booking/accept/${bookingId}`, sitterB, {
      status: 'cancelled',
    });
    // sitterB's application was withdrawn when sitterA was accepted: the booking is gone for them
    expect(stranger.statusCode).toBe(404);
  });

  it('starts with a note and a photo (multipart) served only to the parties', async () => {
    const form = multipart(
      {
        status: 'in-progress',
        note: 'Picked up both dogs',
        id: bookingId,
        provider_id: sitterA.id,
      },
      [{ field: 'image', name: 'dogs.png', type: 'image/png', data: PNG_1PX }],
    );
    const res = await t.call({
      method: 'PUT',
      url: `/api/booking/accept/${bookingId}`,
      token: sitterA.token,
      ...form,
    });
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json().data;
    expect(b.status).toBe('in-progress');
    const started = b.timeline.find((e: { type: string }) => e.type === 'started');
    expect(started.note).toBe('Picked up both dogs');
    expect(started.by).toBe('sitter');
    expect(started.image).toBe(`/api/booking/${bookingId}/events/${started._id}/image`);
    const img = await call(t, 'GET', started.image, owner);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp'); // re-encoded, metadata dropped
    expect((await sharp(img.rawPayload).metadata()).format).toBe('webp');
    expect((await call(t, 'GET', started.image, sitterB)).statusCode).toBe(404);
    expect((await call(t, 'GET', started.image, sitterC)).statusCode).toBe(404);
    expect((await call(t, 'GET', started.image, null)).statusCode).toBe(401);
  });

  it('re-encodes a check-in photo: a phone JPEG comes back without its EXIF and GPS', async () => {
    const jpeg = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#884422' },
    })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'Pawsy Test' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 43/1 1234/100' },
      })
      .toBuffer();
    const sent = await sharp(jpeg).metadata();
    expect(sent.exif).toBeDefined(); // the upload does carry EXIF with a GPS block
    const res = await t.call({
      method: 'PUT',
      url: `/api/booking/accept/${bookingId}`,
      token: sitterA.token,
      ...multipart({ status: 'in-progress', note: 'Garden photo' }, [
        { field: 'image', name: 'garden.jpg', type: 'image/jpeg', data: jpeg },
      ]),
    });
    expect(res.statusCode, res.body).toBe(200);
    const checkIn = res.json().data.timeline.at(-1);
    const img = await call(t, 'GET', checkIn.image, owner);
    expect(img.statusCode).toBe(200);
    const served = await sharp(img.rawPayload).metadata();
    expect(served.exif).toBeUndefined();
    expect(img.rawPayload.includes('PhoneCo')).toBe(false);
    expect(served).toMatchObject({ format: 'webp', width: 40, height: 30 });
  });

  it('rejects a photo that is not an image', async () => {
    const form = multipart({ status: 'in-progress', note: 'x' }, [
      {
        field: 'image',
        name: 'a.png',
        type: 'image/png',
        data: Buffer.from('not an image at all'),
      },
    ]);
    const res = await t.call({
      method: 'PUT',
      url: `/api/booking/accept/${bookingId}`,
      token: sitterA.token,
      ...form,
    });
    expect(res.statusCode).toBe(415);
  });

  it('records check-ins during the stay and lists in-progress bookings', async () => {
    const res = await call(t, 'PUT', `/api/booking/accept/${bookingId}`, sitterA, {
      status: 'in-progress',
      note: 'Half way, all good',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.timeline.at(-1)).toMatchObject({
      type: 'check-in',
      note: 'Half way, all good',
    });
    expect(await notificationTypes(owner.id)).toEqual(
      expect.arrayContaining(['booking-started', 'booking-check-in']),
    );
    const list = await call(t, 'GET', '/api/booking/provider/in-progress', sitterA);
    expect(list.json().data.map((b: { _id: string }) => b._id)).toEqual([bookingId]);
    const cancel = await call(t, 'PUT', `/api/booking/accept/${bookingId}`, owner, {
      status: 'cancelled',
    });
    expect(cancel.statusCode).toBe(409);
  });

  it('completes and then takes one double-blind review from each party', async () => {
    const done = await call(t, 'PUT', `/api/booking/accept/${bookingId}`, sitterA, {
      status: 'completed',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.status).toBe('completed');
    const completedList = await call(
      t,
      'GET',
      '/api/booking/provider/in-progress?status=completed',
      sitterA,
    );
    expect(completedList.json().data).toHaveLength(1);

    const r1 = await call(t, 'POST', `/api/crud/${bookingId}/Review/create`, owner, {
      columns: { rating: 5, comment: 'Wonderful walk' },
    });
    expect(r1.statusCode, r1.body).toBe(201);
    expect(r1.json().data).toMatchObject({ rating: 5, subjectId: sitterA.id, visible: false });
    expect((await getRatingSummaries(t.app.db, [sitterA.id])).get(sitterA.id)).toEqual({
      average: null,
      count: 0,
    });
    const hidden = await call(t, 'GET', `/api/booking/${bookingId}`, sitterA);
    expect(hidden.json().reviews).toEqual([]);
    const own = await call(t, 'GET', `/api/booking/${bookingId}`, owner);
    expect(own.json().reviews).toHaveLength(1);
    expect(await notificationTypes(sitterA.id)).toContain('review');

    const r2 = await call(t, 'POST', `/api/crud/${bookingId}/Review/create`, sitterA, {
      columns: { rating: 4, comment: 'Lovely dogs' },
    });
    expect(r2.statusCode).toBe(201);
    expect(r2.json().data).toMatchObject({ subjectId: owner.id, visible: true });
    const both = await call(t, 'GET', `/api/booking/${bookingId}`, sitterA);
    expect(
      both
        .json()
        .reviews.map((r: { rating: number }) => r.rating)
        .sort(),
    ).toEqual([4, 5]);
    const dup = await call(t, 'POST', `/api/crud/${bookingId}/Review/create`, owner, {
      columns: { rating: 1, comment: 'changed my mind' },
    });
    expect(dup.statusCode).toBe(409);
    const summary = await getRatingSummaries(t.app.db, [sitterA.id, owner.id, sitterB.id]);
    expect(summary.get(sitterA.id)).toEqual({ average: 5, count: 1 });
    expect(summary.get(owner.id)).toEqual({ average: 4, count: 1 });
    expect(summary.get(sitterB.id)).toEqual({ average: null, count: 0 });
    const detail = await call(t, 'GET', `/api/booking/${bookingId}`, owner);
    expect(detail.json().booking.provider).toMatchObject({ rating: 5, reviewsCount: 1 });
  });

  it("rates a sitter's card on a booking from the rating cache, as on every other card", async () => {
    const b = await postBooking(t, owner);
    await call(t, 'POST', `/api/booking/${b._id}/send-request`, sitterB);
    // What the cache holds is what cards show (it follows reviews, disputes and blind windows).
    await t.app.db
      .updateTable('users')
      .set({ rating_avg: 4.5, rating_count: 7 })
      .where('id', '=', sitterB.id)
      .execute();
    const requests = await call(t, 'GET', `/api/booking/${b._id}/requests`, owner);
    expect(requests.statusCode).toBe(200);
    expect(requests.json().providers[0].provider).toMatchObject({ rating: 4.5, reviewsCount: 7 });
    await t.app.db
      .updateTable('users')
      .set({ rating_avg: null, rating_count: 0 })
      .where('id', '=', sitterB.id)
      .execute();
  });

  it('makes a lone review visible 14 days after completion', async () => {
    const b = await postBooking(t, owner);
    await call(t, 'POST', `/api/booking/${b._id}/send-request`, sitterC);
    await call(t, 'PUT', `/api/booking/accept/${b._id}`, owner, {
      providerId: sitterC.id,
      decision: 'accepted',
    });
    await call(t, 'PUT', `/api/booking/accept/${b._id}`, sitterC, { status: 'in-progress' });
    await call(t, 'PUT', `/api/booking/accept/${b._id}`, sitterC, { status: 'completed' });
    await call(t, 'POST', `/api/crud/${b._id}/Review/create`, owner, {
      columns: { rating: 3, comment: '' },
    });
    expect((await getRatingSummaries(t.app.db, [sitterC.id])).get(sitterC.id)?.count).toBe(0);
    const longAgo = new Date(Date.now() - 15 * 24 * 3600_000).toISOString();
    await t.app.db
      .updateTable('bookings')
      .set({ completed_at: longAgo })
      .where('id', '=', b._id)
      .execute();
    expect((await getRatingSummaries(t.app.db, [sitterC.id])).get(sitterC.id)).toEqual({
      average: 3,
      count: 1,
    });
    const seen = await call(t, 'GET', `/api/booking/${b._id}`, sitterC);
    expect(seen.json().reviews).toHaveLength(1);
  });
});
