import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeEvent } from '../../src/plugins/realtime.ts';
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
import { runReminders } from '../../src/modules/bookings/index.ts';

/*
 * A sitter who lost a booking (declined it, withdrew, was rejected or not chosen) learns nothing
 * more of it: not its chat, not its later state, not its live events. Sitters racing to accept and
 * acceptances after the start get a 409 that says why.
 */

let t: TestApp;
let owner: Owner;
let sitters: TestUser[];

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app);
  sitters = [];
  for (let i = 0; i < 4; i++) sitters.push(await createProvider(t.app));
}, 60_000);
afterAll(() => closeApp(t));

const decide = (who: TestUser, bookingId: string, providerId: string, decision: string) =>
  call(t, 'PUT', `/api/booking/accept/${bookingId}`, who, { providerId, decision });

async function apply(who: TestUser, bookingId: string) {
  const res = await call(t, 'POST', `/api/booking/${bookingId}/send-request`, who, {});
  expect(res.statusCode, res.body).toBe(201);
}

async function invite(bookingId: string, sitter: TestUser) {
  const res = await call(t, 'POST', `/api/booking/${bookingId}/send-request`, owner, {
    providerId: sitter.id,
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** The three ways a direct request ends before its sitter took it on, and its sitter's request state. */
const ENDINGS = [
  {
    how: 'its sitter declined',
    state: 'rejected',
    end: async (b: { _id: string }, sitter: TestUser) => {
      const no = await decide(sitter, b._id, sitter.id, 'rejected');
      expect(no.statusCode, no.body).toBe(200);
    },
  },
  {
    how: 'the owner withdrew unanswered',
    state: 'closed',
    end: async (b: { _id: string }) => {
      const res = await call(t, 'PUT', `/api/booking/accept/${b._id}`, owner, {
        status: 'cancelled',
      });
      expect(res.statusCode, res.body).toBe(200);
    },
  },
  {
    how: 'expired unanswered at its start',
    state: 'closed',
    end: async (b: { _id: string }) => {
      const row = await t.app.db
        .selectFrom('bookings')
        .select('start_at')
        .where('id', '=', b._id)
        .executeTakeFirstOrThrow();
      await runReminders(t.app, new Date(Date.parse(row.start_at) + 60_000));
    },
  },
] as const;

describe.each(ENDINGS)('a direct request $how', ({ state, end }) => {
  it('takes the booking and its chat from the sitter, and leaves the owner both', async () => {
    const sitter = sitters[0]!;
    const b = await postBooking(t, owner, { provider_id: sitter.id });
    const asked = await postMessage(t, owner, b._id, 'Can you walk Rex?');
    await postMessage(t, sitter, b._id, 'Let me check');
    await end(b, sitter);
    const ended = await call(t, 'GET', `/api/booking/${b._id}`, owner);
    expect(ended.json().booking.status).toBe('cancelled');

    for (const url of [
      `/api/messages/thread?bookingId=${b._id}`,
      `/api/messages/booking/${b._id}`,
      `/api/messages/${asked._id}`,
      `/api/booking/${b._id}`,
    ]) {
      const res = await call(t, 'GET', url, sitter);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
    }
    const send = await call(t, 'POST', '/api/messages/', sitter, {
      bookingId: b._id,
      text: 'Still there?',
    });
    expect(send.statusCode, send.body).toBe(404);
    const list = await call(t, 'GET', '/api/messages/conversations', sitter);
    expect(list.json().data.map((c: { bookingId: string }) => c.bookingId)).not.toContain(b._id);

    // The owner keeps the booking, its history and whom it was sent to.
    const seen = await call(t, 'GET', `/api/booking/${b._id}`, owner);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().booking.status).toBe('cancelled');
    const requests = await call(t, 'GET', `/api/booking/${b._id}/requests`, owner);
    expect(requests.json().providers).toMatchObject([{ providerId: sitter.id, state }]);
    const thread = await call(t, 'GET', `/api/messages/thread?bookingId=${b._id}`, owner);
    expect(thread.statusCode, thread.body).toBe(200);
    expect(thread.json().data).toHaveLength(2);
  });
});

describe('GET /api/booking/requests/mine', () => {
  it('repeats only what a sitter applied for once their request is withdrawn, rejected or closed', async () => {
    const [withdrawn, rejected, closed, chosen] = sitters;
    const b = await postBooking(t, owner);
    for (const s of sitters) await apply(s, b._id);
    const back = await call(t, 'DELETE', `/api/booking/${b._id}/send-request`, withdrawn!);
    expect(back.statusCode, back.body).toBe(200);
    expect((await decide(owner, b._id, rejected!.id, 'rejected')).statusCode).toBe(200);
    expect((await decide(owner, b._id, chosen!.id, 'accepted')).statusCode).toBe(200);

    const mine = async (who: TestUser) => {
      const res = await call(t, 'GET', '/api/booking/requests/mine', who);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.find((r: { bookingId: string }) => r.bookingId === b._id);
    };
    for (const [who, state] of [
      [withdrawn!, 'withdrawn'],
      [rejected!, 'rejected'],
      [closed!, 'closed'],
    ] as const) {
      const request = await mine(who);
      expect(request.state).toBe(state);
      expect(Object.keys(request.booking).sort()).toEqual(
        ['_id', 'endDate', 'owner', 'price', 'service', 'startDate'].sort(),
      );
      expect(request.booking).toMatchObject({ _id: b._id, service: 'dog-walking', price: null });
      expect((await call(t, 'GET', `/api/booking/${b._id}`, who)).statusCode).toBe(404);
    }
    const won = await mine(chosen!);
    expect(won.booking).toMatchObject({ status: 'accepted', notes: 'Loves the park' });
    expect(won.booking.price).not.toBeNull();
    expect(won.booking.pets).toHaveLength(1);
  });
});

describe('live read receipts', () => {
  it('reach only the sitters who may still read the conversation', async () => {
    const [gone, stays] = sitters;
    const b = await postBooking(t, owner);
    await apply(gone!, b._id);
    await apply(stays!, b._id);
    await postMessage(t, gone!, b._id, 'I can do it');
    await postMessage(t, stays!, b._id, 'Me too');
    const back = await call(t, 'DELETE', `/api/booking/${b._id}/send-request`, gone!);
    expect(back.statusCode, back.body).toBe(200);

    const heard = new Map<string, RealtimeEvent[]>([
      [gone!.id, []],
      [stays!.id, []],
    ]);
    const stops = [...heard].map(([id, events]) =>
      t.app.realtime.subscribe(id, (e) => events.push(e)),
    );
    try {
      const read = await call(t, 'GET', `/api/messages/thread?bookingId=${b._id}`, owner);
      expect(read.statusCode, read.body).toBe(200);
      const receipts = (id: string) => heard.get(id)!.filter((e) => e.type === 'message-read');
      for (let i = 0; i < 50 && receipts(stays!.id).length === 0; i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(receipts(stays!.id)).toHaveLength(1);
      await new Promise((r) => setTimeout(r, 200));
      expect(receipts(gone!.id)).toEqual([]);
    } finally {
      for (const stop of stops) stop();
    }
  });
});

describe('whom a sitter writes to', () => {
  it("refuses another applicant's id as recipientId with a 400", async () => {
    const [a, other] = sitters;
    const b = await postBooking(t, owner);
    await apply(a!, b._id);
    await apply(other!, b._id);
    const res = await call(t, 'POST', '/api/messages/', a!, {
      bookingId: b._id,
      text: 'Hello',
      recipientId: other!.id,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe('recipientId must be the owner of this booking');
    const toOwner = await call(t, 'POST', '/api/messages/', a!, {
      bookingId: b._id,
      text: 'Hello',
      recipientId: owner.id,
    });
    expect(toOwner.statusCode, toOwner.body).toBe(201);
    const inbox = await call(t, 'GET', `/api/messages/thread?bookingId=${b._id}`, other!);
    expect(inbox.json().data).toEqual([]);
  });
});

describe('accepting', () => {
  it('gives the second of two invited sitters a 409, and a stranger the 404', async () => {
    const [first, second, stranger] = sitters;
    const b = await postBooking(t, owner);
    await invite(b._id, first!);
    await invite(b._id, second!);
    expect((await decide(first!, b._id, first!.id, 'accepted')).statusCode).toBe(200);
    const late = await decide(second!, b._id, second!.id, 'accepted');
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().message).toBe('This booking is already accepted');
    expect((await decide(stranger!, b._id, stranger!.id, 'accepted')).statusCode).toBe(404);
    expect((await decide(stranger!, b._id, second!.id, 'accepted')).statusCode).toBe(404);
  });

  it('is refused once the start time has passed, by the owner and by an invited sitter', async () => {
    const [sitter, applicant] = sitters;
    const direct = await postBooking(t, owner, { provider_id: sitter!.id });
    const open = await postBooking(t, owner);
    await apply(applicant!, open._id);
    // The start passes before the expiry sweep has run.
    await t.app.db
      .updateTable('bookings')
      .set({ start_at: new Date(Date.now() - 60_000).toISOString() })
      .where('id', 'in', [direct._id, open._id])
      .execute();
    for (const res of [
      await decide(sitter!, direct._id, sitter!.id, 'accepted'),
      await decide(owner, open._id, applicant!.id, 'accepted'),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(
        'The start time of this booking has passed: it can no longer be accepted',
      );
    }
    for (const id of [direct._id, open._id]) {
      const seen = await call(t, 'GET', `/api/booking/${id}`, owner);
      expect(seen.json().booking.status).toBe('pending');
    }
  });
});
