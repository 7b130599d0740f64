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
import { captureAppQueries } from '../helpers/queries.ts';

type Conversation = {
  bookingId: string;
  otherParty: { _id: string } | null;
  lastMessage: { text: string } | null;
  unreadCount: number;
};

let t: TestApp;
let owner: Owner;
let ann: TestUser;
let bob: TestUser;
let open: string;

const conversations = async (who: TestUser, query = '') => {
  const res = await call(t, 'GET', `/api/messages/conversations${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Conversation[]; meta: { total: number } };
};
const thread = async (who: TestUser, query: string) => {
  const res = await call(t, 'GET', `/api/messages/thread?bookingId=${open}${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: { text: string }[]; meta: { total: number } };
};

// A request sent to several sitters: the owner talks to each of them apart (DESIGN §5).
beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app);
  ann = await createProvider(t.app);
  bob = await createProvider(t.app);
  open = (await postBooking(t, owner))._id;
  // Ann is invited by the owner, Bob applies: both have a pending request.
  const invited = await call(t, 'POST', `/api/booking/${open}/send-request`, owner, {
    providerId: ann.id,
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const applied = await call(t, 'POST', `/api/booking/${open}/send-request`, bob);
  expect(applied.statusCode, applied.body).toBe(201);
}, 30_000);
afterAll(() => closeApp(t));

describe('an open booking with several sitters', () => {
  it('asks the owner to choose a sitter, without saying they applied', async () => {
    const res = await call(t, 'POST', '/api/messages/', owner, { bookingId: open, text: 'Hi' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'recipientId is required: choose which of the sitters on this booking to write to',
    );
  });

  it('lists one conversation per sitter for the owner, each with its own messages', async () => {
    const before = (await conversations(owner, `?bookingId=${open}`)).data;
    expect(before.map((c) => c.otherParty?._id).sort()).toEqual([ann.id, bob.id].sort());
    expect(before.every((c) => c.bookingId === open && c.lastMessage === null)).toBe(true);

    await postMessage(t, owner, open, 'Hi Ann', { recipientId: ann.id });
    await postMessage(t, bob, open, 'Hello from Bob');
    await postMessage(t, bob, open, 'Are you there?');
    const { data, meta } = await conversations(owner);
    const mine = data.filter((c) => c.bookingId === open);
    const of = (id: string) => mine.find((c) => c.otherParty?._id === id);
    expect(mine).toHaveLength(2);
    expect(of(ann.id)).toMatchObject({ lastMessage: { text: 'Hi Ann' }, unreadCount: 0 });
    expect(of(bob.id)).toMatchObject({ lastMessage: { text: 'Are you there?' }, unreadCount: 2 });
    expect(meta.total).toBe(1);
    // A sitter still has one conversation: with the owner.
    const bobs = (await conversations(bob)).data;
    expect(bobs.map((c) => c.otherParty?._id)).toEqual([owner.id]);
  });

  it("reads one sitter's thread with withUserId and marks only theirs read", async () => {
    const withAnn = await thread(owner, `&withUserId=${ann.id}`);
    expect(withAnn.data.map((m) => m.text)).toEqual(['Hi Ann']);
    expect(withAnn.meta.total).toBe(1);
    const bobUnread = (await conversations(owner, `?bookingId=${open}`)).data.find(
      (c) => c.otherParty?._id === bob.id,
    );
    expect(bobUnread?.unreadCount).toBe(2);
    const withBob = await thread(owner, `&withUserId=${bob.id}`);
    expect(withBob.data.map((m) => m.text)).toEqual(['Are you there?', 'Hello from Bob']);
    const after = (await conversations(owner, `?bookingId=${open}`)).data;
    expect(after.map((c) => c.unreadCount)).toEqual([0, 0]);
    // Without it the owner still reads the whole booking.
    expect((await thread(owner, '')).meta.total).toBe(3);
  });

  it("names the sitter's thread in the owner's message notification, and only there", async () => {
    const notes = async (who: TestUser) => {
      const res = await call(t, 'GET', '/api/notifications/all', who);
      expect(res.statusCode, res.body).toBe(200);
      const all = res.json().allNotifications as { type: string; data: Record<string, unknown> }[];
      return all.filter((n) => n.type === 'message' && n.data.bookingId === open);
    };
    const fromBob = await postMessage(t, bob, open, 'Still free on Saturday?');
    const toOwner = (await notes(owner)).find((n) => n.data.messageId === fromBob._id);
    expect(toOwner?.data).toMatchObject({ bookingId: open, withUserId: bob.id });
    // Bob has one thread on this booking: his notification names no one.
    const toBob = await postMessage(t, owner, open, 'Yes', { recipientId: bob.id });
    const mine = (await notes(bob)).find((n) => n.data.messageId === toBob._id);
    expect(mine?.data).toEqual({
      bookingId: open,
      messageId: toBob._id,
      datetime: expect.any(String),
    });
  });

  it('answers an empty list for a booking the caller has no conversation on', async () => {
    const stranger = await createProvider(t.app);
    const res = await conversations(stranger, `?bookingId=${open}`);
    expect(res).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it("reads the owner's list in as many queries however many sitters there are", async () => {
    const messageQueries = async () => {
      const queries = await captureAppQueries(t.app, () => conversations(owner));
      return queries.filter((q) => /from "messages"/.test(q.sql)).length;
    };
    const withTwo = await messageQueries();
    const carl = await createProvider(t.app);
    const applied = await call(t, 'POST', `/api/booking/${open}/send-request`, carl);
    expect(applied.statusCode, applied.body).toBe(201);
    await postMessage(t, carl, open, 'Carl here');
    const mine = (await conversations(owner, `?bookingId=${open}`)).data;
    expect(mine.find((c) => c.otherParty?._id === carl.id)).toMatchObject({
      lastMessage: { text: 'Carl here' },
      unreadCount: 1,
    });
    expect(await messageQueries()).toBe(withTwo);
  });

  it("reading a sitter's thread reads the bell's notices of that thread, not another's", async () => {
    const other = (await postBooking(t, owner))._id;
    const dan = await createProvider(t.app);
    for (const sitter of [dan, bob]) {
      const applied = await call(t, 'POST', `/api/booking/${other}/send-request`, sitter);
      expect(applied.statusCode, applied.body).toBe(201);
    }
    const unread = async () => {
      const res = await call(t, 'GET', '/api/notifications/all', owner);
      return (res.json().allNotifications as { type: string; data: Record<string, unknown> }[])
        .filter((n) => n.type === 'message' && n.data.bookingId === other)
        .map((n) => n.data.withUserId);
    };
    const read = (withUserId: string) =>
      call(t, 'GET', `/api/messages/thread?bookingId=${other}&withUserId=${withUserId}`, owner);
    await postMessage(t, dan, other, 'Dan here');
    await postMessage(t, bob, other, 'Bob here');
    expect((await unread()).sort()).toEqual([bob.id, dan.id].sort());
    expect((await read(bob.id)).statusCode).toBe(200);
    expect(await unread()).toEqual([dan.id]);
    expect((await read(dan.id)).statusCode).toBe(200);
    expect(await unread()).toEqual([]);
  });

  it("once a sitter is chosen, the owner's conversation and thread are with that sitter only", async () => {
    await postMessage(t, ann, open, 'Ann again');
    const accepted = await call(t, 'PUT', `/api/booking/accept/${open}`, owner, {
      providerId: bob.id,
      decision: 'accepted',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);

    const { data } = await conversations(owner, `?bookingId=${open}`);
    expect(data).toHaveLength(1);
    // Bob's newest with the owner is her "Yes"; his "Still free on Saturday?" is unread. Ann's and
    // Carl's unread messages are not this conversation's.
    expect(data[0]).toMatchObject({
      otherParty: { _id: bob.id },
      lastMessage: { text: 'Yes' },
      unreadCount: 1,
    });
    const withBob = ['Yes', 'Still free on Saturday?', 'Are you there?', 'Hello from Bob'];
    const booking = await call(t, 'GET', `/api/messages/booking/${open}`, owner);
    expect(booking.statusCode, booking.body).toBe(200);
    expect((booking.json().data as { text: string }[]).map((m) => m.text)).toEqual(withBob);
    const read = await thread(owner, '');
    expect(read.data.map((m) => m.text)).toEqual(withBob);
    expect(read.meta.total).toBe(4);
    expect((await conversations(owner, `?bookingId=${open}`)).data[0]?.unreadCount).toBe(0);
    // The sitter's own view is unchanged: his messages with the owner.
    expect((await thread(bob, '')).data.map((m) => m.text)).toEqual(withBob);
  });
});
