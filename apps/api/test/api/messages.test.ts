import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_MAX_LENGTH } from '@pawsy/contract';
import { MESSAGE_RATE_LIMIT } from '../../src/modules/messages/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import {
  call,
  closeApp,
  createOwner,
  createProvider,
  postBooking,
  type Owner,
  walkDates,
} from '../helpers/booking-fixtures.ts';
import { assignedBooking, postMessage } from '../helpers/chat-fixtures.ts';
import { submitSandbox } from '../helpers/checkout.ts';
import type { TestUser } from '../helpers/factories.ts';

let t: TestApp;
let owner: Owner;
let sitter: TestUser;
let booking: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app);
  sitter = await createProvider(t.app);
  booking = await assignedBooking(t, owner, sitter);
}, 30_000);
afterAll(() => closeApp(t));

describe('sending', () => {
  it('stores the message with the caller as sender, whatever the body says', async () => {
    const res = await call(t, 'POST', '/api/messages/', sitter, {
      bookingId: booking,
      text: '  On my way  ',
      sender: owner.id,
      senderId: owner.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({
      bookingId: booking,
      booking,
      text: 'On my way',
      sender: { _id: sitter.id, id: sitter.id },
      recipient: { _id: owner.id },
      read: false,
    });
    expect(data.sentAt).toBe(data.createdAt);
    const again = await call(t, 'GET', `/api/messages/${data._id}`, owner);
    expect(again.json().data.sender._id).toBe(sitter.id);
  });

  it('leaves the recipient a notification of type message', async () => {
    await postMessage(t, owner, booking, 'Notify me please');
    const res = await call(t, 'GET', '/api/notifications/all', sitter);
    const types = res.json().allNotifications.map((n: { type: string; message: string }) => n);
    expect(
      types.some(
        (n: { type: string; message: string }) =>
          n.type === 'message' && n.message.includes('Notify me please'),
      ),
    ).toBe(true);
  });

  it.each([
    ['empty text', { text: '' }],
    ['blank text', { text: '    ' }],
    ['text over the limit', { text: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) }],
    ['text as a number', { text: 42 }],
    ['text as an object', { text: { $gt: '' } }],
    ['no bookingId', { bookingId: undefined }],
    ['bookingId as a number', { bookingId: 5 }],
    ['a malformed bookingId', { bookingId: 'nope' }],
    ['a bad recipientId', { recipientId: 'nope' }],
  ])('refuses %s with a 400 and a message', async (_label, patch) => {
    const res = await call(t, 'POST', '/api/messages/', owner, {
      bookingId: booking,
      text: 'ok',
      ...patch,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(typeof res.json().message).toBe('string');
  });

  it('refuses a 200 kB text as a 4xx, never a 500', async () => {
    const res = await call(t, 'POST', '/api/messages/', owner, {
      bookingId: booking,
      text: 'y'.repeat(200_000),
    });
    expect([400, 413]).toContain(res.statusCode);
    expect(typeof res.json().message).toBe('string');
  });

  it("says 'bookingId is required' without one, and takes `booking` as its alias", async () => {
    const none = await call(t, 'POST', '/api/messages/', owner, { text: 'hi' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('bookingId is required');
    const empty = await call(t, 'POST', '/api/messages/', owner, { bookingId: '', text: 'hi' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('bookingId is required');
    const alias = await call(t, 'POST', '/api/messages/', owner, { booking, text: 'via alias' });
    expect(alias.statusCode, alias.body).toBe(201);
    expect(alias.json().data).toMatchObject({ bookingId: booking, text: 'via alias' });
  });

  it('answers 404 for a booking that does not exist', async () => {
    const res = await call(t, 'POST', '/api/messages/', owner, {
      bookingId: 'a'.repeat(24),
      text: 'hi',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Booking not found');
  });

  it('lets the owner of an open booking with several applicants pick one by recipientId', async () => {
    const open = await postBooking(t, owner);
    const other = await createProvider(t.app);
    await call(t, 'POST', `/api/booking/${open._id}/send-request`, sitter);
    await call(t, 'POST', `/api/booking/${open._id}/send-request`, other);
    const unnamed = await call(t, 'POST', '/api/messages/', owner, {
      bookingId: open._id,
      text: 'Hi',
    });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().message).toMatch(/recipientId/);
    const named = await postMessage(t, owner, open._id, 'Hi Sam', { recipientId: other.id });
    expect(named).toMatchObject({ recipient: { _id: other.id } });
    // Each applicant sees only their own side of the booking's chat.
    const mine = await call(t, 'GET', `/api/messages/thread?bookingId=${open._id}`, sitter);
    expect(mine.json().data).toEqual([]);
    const theirs = await call(t, 'GET', `/api/messages/thread?bookingId=${open._id}`, other);
    expect(theirs.json().data.map((m: { text: string }) => m.text)).toEqual(['Hi Sam']);
  });
});

describe('reading', () => {
  it("says 'bookingId is required' when the thread call has none, or an empty one", async () => {
    for (const url of ['/api/messages/thread', '/api/messages/thread?bookingId=']) {
      const res = await call(t, 'GET', url, owner);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe('bookingId is required');
    }
    const bad = await call(t, 'GET', '/api/messages/thread?bookingId=nope', owner);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('bookingId: Invalid id');
  });

  it('pages a thread newest first with meta, and the list counts unread per conversation', async () => {
    const o = await createOwner(t.app);
    const s = await createProvider(t.app);
    const b = await assignedBooking(t, o, s);
    const quiet = await assignedBooking(t, o, s);
    for (let i = 1; i <= 5; i++) await postMessage(t, s, b, `m${i}`);
    const list = await call(t, 'GET', '/api/messages/conversations?limit=1', o);
    expect(list.statusCode).toBe(200);
    expect(list.json().meta).toEqual({ page: 1, limit: 1, total: 2, totalPages: 2, hasMore: true });
    const [first] = list.json().data;
    expect(first).toMatchObject({
      bookingId: b,
      unreadCount: 5,
      lastMessage: { text: 'm5' },
      otherParty: { _id: s.id },
      provider: { _id: s.id },
      owner: { _id: o.id },
    });
    const page2 = await call(t, 'GET', '/api/messages/conversations?limit=1&page=2', o);
    expect(page2.json().data[0]).toMatchObject({
      bookingId: quiet,
      unreadCount: 0,
      lastMessage: null,
    });

    const thread = await call(t, 'GET', `/api/messages/thread?bookingId=${b}&limit=2`, o);
    expect(thread.json().data.map((m: { text: string }) => m.text)).toEqual(['m5', 'm4']);
    expect(thread.json().meta).toEqual({
      page: 1,
      limit: 2,
      total: 5,
      totalPages: 3,
      hasMore: true,
    });
    const older = await call(t, 'GET', `/api/messages/thread?bookingId=${b}&limit=2&page=3`, o);
    expect(older.json().data.map((m: { text: string }) => m.text)).toEqual(['m1']);

    // Reading the thread marked them read: the sender sees the receipt, the count drops to 0.
    const after = await call(t, 'GET', '/api/messages/conversations', o);
    expect(after.json().data[0]).toMatchObject({ bookingId: b, unreadCount: 0 });
    const seen = await call(t, 'GET', `/api/messages/booking/${b}`, s);
    expect(seen.json().data.every((m: { read: boolean }) => m.read)).toBe(true);
  });

  it('tells the sender live when the recipient reads the thread', async () => {
    const o = await createOwner(t.app);
    const s = await createProvider(t.app);
    const b = await assignedBooking(t, o, s);
    await postMessage(t, s, b, 'Did you see this?');
    const events: { type: string; data: unknown }[] = [];
    const off = t.app.realtime.subscribe(s.id, (e) => events.push(e));
    await call(t, 'GET', `/api/messages/thread?bookingId=${b}`, o);
    off();
    expect(events).toContainEqual({
      type: 'message-read',
      data: expect.objectContaining({ bookingId: b, readerId: o.id }),
    });
  });

  it('refuses paging beyond the bound with a 400', async () => {
    const res = await call(
      t,
      'GET',
      `/api/messages/thread?bookingId=${booking}&page=500&limit=100`,
      owner,
    );
    expect(res.statusCode).toBe(400);
  });

  it('answers 404 for a message id that does not exist', async () => {
    const res = await call(t, 'GET', `/api/messages/${'b'.repeat(24)}`, owner);
    expect(res.statusCode).toBe(404);
  });
});

describe('which conversations are listed', () => {
  const listed = async (who: TestUser) =>
    (await call(t, 'GET', '/api/messages/conversations?limit=100', who))
      .json()
      .data.map((c: { bookingId: string }) => c.bookingId) as string[];

  it('an open booking only once someone applied to it (or messages were exchanged)', async () => {
    const o = await createOwner(t.app);
    const s = await createProvider(t.app);
    const open = (await postBooking(t, o))._id;
    expect(await listed(o)).not.toContain(open);
    const meta = (await call(t, 'GET', '/api/messages/conversations', o)).json().meta;
    expect(meta.total).toBe(0);
    await call(t, 'POST', `/api/booking/${open}/send-request`, s);
    expect(await listed(o)).toContain(open);
    expect(await listed(s)).toContain(open);
  });

  it('a direct booking only once its card part is paid, for the owner and the sitter', async () => {
    const o = await createOwner(t.app);
    const s = await createProvider(t.app);
    const res = await call(t, 'POST', '/api/booking/', o, {
      service: 'dog-walking',
      pets: [o.petIds[0]],
      ...walkDates(48),
      provider_id: s.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { _id: id, payment } = res.json().data as {
      _id: string;
      payment: { status: string; checkoutUrl: string };
    };
    expect(payment.status).toBe('awaiting');
    expect(await listed(o)).not.toContain(id);
    expect(await listed(s)).not.toContain(id);
    expect((await call(t, 'GET', `/api/messages/thread?bookingId=${id}`, s)).statusCode).toBe(404);
    expect((await submitSandbox(t, payment.checkoutUrl, 'Pay')).statusCode).toBeLessThan(400);
    expect(await listed(o)).toContain(id);
    expect(await listed(s)).toContain(id);
  });
});

describe('rate limit', () => {
  it(`lets one sender post ${MESSAGE_RATE_LIMIT.max} a minute, then answers 429; others are unaffected`, async () => {
    const o = await createOwner(t.app);
    const s = await createProvider(t.app);
    const b = await assignedBooking(t, o, s);
    for (let i = 0; i < MESSAGE_RATE_LIMIT.max; i++) {
      const res = await call(t, 'POST', '/api/messages/', o, { bookingId: b, text: `n${i}` });
      expect(res.statusCode, res.body).toBe(201);
    }
    const over = await call(t, 'POST', '/api/messages/', o, { bookingId: b, text: 'one too many' });
    expect(over.statusCode).toBe(429);
    expect(typeof over.json().message).toBe('string');
    const other = await call(t, 'POST', '/api/messages/', s, { bookingId: b, text: 'still fine' });
    expect(other.statusCode).toBe(201);
  });
});
