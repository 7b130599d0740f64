import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import {
  call,
  closeApp,
  createOwner,
  createProvider,
  postBooking,
  type Owner,
} from '../helpers/booking-fixtures.ts';
import { postMessage } from '../helpers/chat-fixtures.ts';
import type { TestUser } from '../helpers/factories.ts';
import { submitSandbox } from '../helpers/checkout.ts';
import { seriesBody } from '../helpers/series-fixtures.ts';

/*
 * An owner and a sitter who has only applied (or been invited) are strangers: each reads the
 * other's last name as an initial, as sitter cards and the booking feed show it. Once the sitter
 * is assigned, both read the whole name. Chat and a booking's requests follow the same rule.
 */

let t: TestApp;
let owner: Owner;
let sitter: TestUser;
let invitee: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app, { first_name: 'Olivia', last_name: 'Bennett' });
  sitter = await createProvider(t.app, undefined, { first_name: 'Sam', last_name: 'Ortega' });
  invitee = await createProvider(t.app, undefined, { first_name: 'Nora', last_name: 'Quinn' });
}, 30_000);
afterAll(() => closeApp(t));

async function get(url: string, who: TestUser) {
  const res = await call(t, 'GET', url, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const conversationOn = async (bookingId: string, who: TestUser) =>
  (await get('/api/messages/conversations', who)).data.find(
    (c: { bookingId: string }) => c.bookingId === bookingId,
  );

describe('names between an owner and a sitter who is not assigned', () => {
  it('chat shows each the other with the last initial until the sitter is assigned', async () => {
    const booking = (await postBooking(t, owner))._id;
    const applied = await call(t, 'POST', `/api/booking/${booking}/send-request`, sitter, {});
    expect(applied.statusCode, applied.body).toBe(201);
    expect(applied.json().data.provider.lastName).toBe('Ortega'); // their own name

    // Before any message, the applicant's conversation names the owner by initial.
    expect((await conversationOn(booking, sitter)).owner).toMatchObject({ lastName: 'B.' });

    const sent = await postMessage(t, sitter, booking, 'Happy to walk Rex');
    expect(sent).toMatchObject({
      sender: { _id: sitter.id, lastName: 'Ortega' },
      recipient: { _id: owner.id, lastName: 'B.' },
    });
    const ownerSide = await conversationOn(booking, owner);
    expect(ownerSide.otherParty).toMatchObject({ _id: sitter.id, lastName: 'O.' });
    expect(ownerSide.lastMessage.sender).toMatchObject({ lastName: 'O.' });
    // Read before the thread: reading the thread reads its message notices.
    const note = (await get('/api/notifications/all', owner)).allNotifications.find(
      (n: { type: string }) => n.type === 'message',
    );
    expect(note.message).toContain('Sam O.:');
    expect(note.message).not.toContain('Ortega');
    const thread = await get(`/api/messages/thread?bookingId=${booking}`, owner);
    expect(thread.data[0]).toMatchObject({
      sender: { lastName: 'O.' },
      recipient: { lastName: 'Bennett' },
    });
    const byId = await get(`/api/messages/${sent._id}`, sitter);
    expect(byId.data.recipient.lastName).toBe('B.');

    const requests = await get(`/api/booking/${booking}/requests`, owner);
    expect(requests.providers[0].provider).toMatchObject({ _id: sitter.id, lastName: 'O.' });

    const accepted = await call(t, 'PUT', `/api/booking/accept/${booking}`, owner, {
      providerId: sitter.id,
      decision: 'accepted',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await conversationOn(booking, sitter)).owner.lastName).toBe('Bennett');
    expect((await conversationOn(booking, owner)).otherParty.lastName).toBe('Ortega');
    const after = await get(`/api/booking/${booking}/requests`, owner);
    expect(after.providers[0].provider.lastName).toBe('Ortega');
  });

  it("an owner's invitation names the invited sitter by initial", async () => {
    const booking = (await postBooking(t, owner))._id;
    const invited = await call(t, 'POST', `/api/booking/${booking}/send-request`, owner, {
      providerId: invitee.id,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json().data.provider).toMatchObject({ _id: invitee.id, lastName: 'Q.' });
    const own = await get(`/api/booking/${booking}/requests`, invitee);
    expect(own.providers[0].provider.lastName).toBe('Quinn');
  });

  it('a direct request names each to the other by initial until the sitter accepts it', async () => {
    const booking = (await postBooking(t, owner, { provider_id: sitter.id }))._id;
    const lastNames = async () => ({
      ownerReadsSitter: (await get(`/api/booking/${booking}`, owner)).booking.provider.lastName,
      sitterReadsOwner: (await get(`/api/booking/${booking}`, sitter)).booking.owner.lastName,
      ownerList: (await get('/api/booking/user?status=pending', owner)).data.find(
        (b: { _id: string }) => b._id === booking,
      )?.provider.lastName,
      sitterList: (await get('/api/booking/provider/in-progress?status=pending', sitter)).data.find(
        (b: { _id: string }) => b._id === booking,
      )?.owner.lastName,
      requests: (await get(`/api/booking/${booking}/requests`, owner)).providers[0].provider
        .lastName,
      sitterRequests: (await get('/api/booking/requests/mine', sitter)).data.find(
        (r: { bookingId: string }) => r.bookingId === booking,
      )?.booking.owner.lastName,
    });
    expect(await lastNames()).toEqual({
      ownerReadsSitter: 'O.',
      sitterReadsOwner: 'B.',
      ownerList: 'O.',
      sitterList: 'B.',
      requests: 'O.',
      sitterRequests: 'B.',
    });
    const sent = await postMessage(t, sitter, booking, 'Happy to take Rex');
    expect(sent).toMatchObject({ recipient: { lastName: 'B.' } });

    const accepted = await call(t, 'PUT', `/api/booking/accept/${booking}`, sitter, {
      providerId: sitter.id,
      decision: 'accepted',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const after = await lastNames();
    expect(after).toMatchObject({
      ownerReadsSitter: 'Ortega',
      sitterReadsOwner: 'Bennett',
      requests: 'Ortega',
      sitterRequests: 'Bennett',
    });
    expect((await conversationOn(booking, sitter)).owner.lastName).toBe('Bennett');
  });
});

describe('a weekly series', () => {
  it('names each to the other by initial until the sitter accepts it', async () => {
    const created = await call(t, 'POST', '/api/booking/series', owner, seriesBody(owner, sitter));
    expect(created.statusCode, created.body).toBe(201);
    const { data, checkoutUrl } = created.json();
    expect(data.provider).toMatchObject({ _id: sitter.id, lastName: 'O.' });
    if (checkoutUrl)
      expect((await submitSandbox(t, checkoutUrl, 'Pay')).statusCode).toBeLessThan(400);
    const lastNames = async () => ({
      ownerReadsSitter: (await get(`/api/booking/series/${data.id}`, owner)).data.provider.lastName,
      sitterReadsOwner: (await get(`/api/booking/series/${data.id}`, sitter)).data.owner.lastName,
      ownerList: (await get('/api/booking/series', owner)).data.find(
        (s: { id: string }) => s.id === data.id,
      )?.provider.lastName,
      sitterList: (await get('/api/booking/series?role=provider', sitter)).data.find(
        (s: { id: string }) => s.id === data.id,
      )?.owner.lastName,
    });
    expect(await lastNames()).toEqual({
      ownerReadsSitter: 'O.',
      sitterReadsOwner: 'B.',
      ownerList: 'O.',
      sitterList: 'B.',
    });

    const decided = await call(t, 'PUT', `/api/booking/series/${data.id}/decision`, sitter, {
      decision: 'accepted',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().data.owner.lastName).toBe('Bennett');
    expect(await lastNames()).toEqual({
      ownerReadsSitter: 'Ortega',
      sitterReadsOwner: 'Bennett',
      ownerList: 'Ortega',
      sitterList: 'Bennett',
    });
  });
});

describe('a declined invitation', () => {
  it("reads the sitter's notice of it: its link would open a booking no longer theirs", async () => {
    type Notice = { type: string; data: { bookingId?: string } };
    const about = async (bookingId: string) =>
      ((await get('/api/notifications/all?limit=100', invitee)).allNotifications as Notice[])
        .filter((n) => n.data.bookingId === bookingId)
        .map((n) => n.type);
    const declined = (await postBooking(t, owner))._id;
    const kept = (await postBooking(t, owner))._id;
    for (const booking of [declined, kept]) {
      const invited = await call(t, 'POST', `/api/booking/${booking}/send-request`, owner, {
        providerId: invitee.id,
      });
      expect(invited.statusCode, invited.body).toBe(201);
      expect(await about(booking)).toContain('booking-invitation');
    }
    const no = await call(t, 'PUT', `/api/booking/accept/${declined}`, invitee, {
      providerId: invitee.id,
      decision: 'rejected',
    });
    expect(no.statusCode, no.body).toBe(200);
    expect(await about(declined)).not.toContain('booking-invitation');
    expect(await about(kept)).toContain('booking-invitation');
  });
});
