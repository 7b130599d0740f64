import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { ConversationsTable } from '../../src/db/schema.ts';
import { newId, nowIso } from '../../src/lib/ids.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import {
  call,
  closeApp,
  createOwner,
  createProvider,
  bookingRow,
  postBooking,
  type Owner,
} from '../helpers/booking-fixtures.ts';
import { assignedBooking, postMessage } from '../helpers/chat-fixtures.ts';
import type { TestUser } from '../helpers/factories.ts';

/*
 * The conversations table (migration 16-00) is kept by triggers. Whatever happens to bookings,
 * requests and messages, through the API or straight in the tables, it must equal its definition:
 * one row per booking and party (owner, assigned sitter, pending applicant of an open booking)
 * with that party's newest message, unread count and message count. Each step below changes the
 * data, then the table is compared with the definition computed from scratch.
 */

let t: TestApp;
let owner: Owner;
let other: Owner;
let sitters: TestUser[];

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app);
  other = await createOwner(t.app);
  sitters = [await createProvider(t.app), await createProvider(t.app), await createProvider(t.app)];
}, 30_000);
afterAll(() => closeApp(t));

type Row = ConversationsTable;

/** What the table holds, in a stable order. */
async function stored(): Promise<Row[]> {
  const rows = await t.app.db
    .selectFrom('conversations')
    .selectAll()
    .orderBy('booking_id')
    .orderBy('user_id')
    .execute();
  return rows.map((r) => ({ ...r, unread: Number(r.unread), messages: Number(r.messages) }));
}

/** The table's definition, computed from bookings, requests and messages. */
async function expected(): Promise<Row[]> {
  const { rows } = await sql<{ booking_id: string; user_id: string; created_at: string }>`
    select k.id as booking_id, u.user_id, k.created_at from (
      select id as booking_id, owner_id as user_id from bookings
      union select id, provider_id from bookings where provider_id is not null
      union select br.booking_id, br.provider_id from booking_requests br
        join bookings a on a.id = br.booking_id
        where br.state = 'pending' and a.provider_id is null and a.status = 'pending'
    ) u join bookings k on k.id = u.booking_id`.execute(t.app.db);
  const messages = await t.app.db.selectFrom('messages').selectAll().execute();
  const out = rows.map(({ booking_id, user_id, created_at }) => {
    const mine = messages
      .filter(
        (m) =>
          m.booking_id === booking_id && (m.sender_id === user_id || m.recipient_id === user_id),
      )
      .sort((a, b) =>
        a.created_at === b.created_at
          ? b.id.localeCompare(a.id)
          : b.created_at.localeCompare(a.created_at),
      );
    const last = mine[0];
    return {
      booking_id,
      user_id,
      last_id: last?.id ?? null,
      last_at: last?.created_at ?? null,
      unread: mine.filter((m) => m.recipient_id === user_id && m.read_at === null).length,
      messages: mine.length,
      activity_at: last?.created_at ?? created_at,
    };
  });
  return out.sort((a, b) =>
    a.booking_id === b.booking_id
      ? a.user_id < b.user_id
        ? -1
        : 1
      : a.booking_id < b.booking_id
        ? -1
        : 1,
  );
}

async function agrees() {
  expect(await stored()).toEqual(await expected());
}

async function apply(sitter: TestUser, bookingId: string) {
  const res = await call(t, 'POST', `/api/booking/${bookingId}/send-request`, sitter);
  expect(res.statusCode, res.body).toBeLessThan(300);
}

function insertMessage(bookingId: string, from: string, to: string, at: string, read = false) {
  return t.app.db
    .insertInto('messages')
    .values({
      id: newId(),
      booking_id: bookingId,
      sender_id: from,
      recipient_id: to,
      text: 'written straight to the table',
      created_at: at,
      read_at: read ? at : null,
    })
    .execute();
}

describe('the conversations table equals its definition', () => {
  let open: string;
  let direct: string;

  it('after direct requests, open bookings and applications', async () => {
    direct = await assignedBooking(t, owner, sitters[0]!);
    open = (await postBooking(t, owner))._id;
    await apply(sitters[1]!, open);
    await apply(sitters[2]!, open);
    await postBooking(t, other, { provider_id: sitters[2]!.id });
    await agrees();
    const rows = (await stored()).filter((r) => r.booking_id === open);
    expect(rows.map((r) => r.user_id).sort()).toEqual(
      [owner.id, sitters[1]!.id, sitters[2]!.id].sort(),
    );
  });

  it('after chat, on assigned and open bookings, to each applicant', async () => {
    await postMessage(t, owner, direct, 'Hello');
    await postMessage(t, sitters[0]!, direct, 'Hi');
    await postMessage(t, owner, direct, 'Keys under the mat');
    await postMessage(t, sitters[1]!, open, 'I can do it');
    await postMessage(t, owner, open, 'Great', { recipientId: sitters[1]!.id });
    await postMessage(t, owner, open, 'And you?', { recipientId: sitters[2]!.id });
    await agrees();
    const mine = (await stored()).find((r) => r.booking_id === direct && r.user_id === owner.id);
    expect(mine).toMatchObject({ unread: 1, messages: 3 });
  });

  it('after reading a thread (marks read) and a withdrawal', async () => {
    const read = await call(t, 'GET', `/api/messages/thread?bookingId=${direct}`, sitters[0]!);
    expect(read.statusCode).toBe(200);
    expect(read.json().meta.total).toBe(3);
    const withdrawn = await call(t, 'DELETE', `/api/booking/${open}/send-request`, sitters[2]!);
    expect(withdrawn.statusCode, withdrawn.body).toBeLessThan(300);
    await agrees();
    expect(
      (await stored()).some((r) => r.booking_id === open && r.user_id === sitters[2]!.id),
    ).toBe(false);
  });

  it('after the owner accepts one applicant (the others leave the conversation)', async () => {
    const second = (await postBooking(t, owner))._id;
    await apply(sitters[1]!, second);
    await apply(sitters[2]!, second);
    await postMessage(t, owner, second, 'Which of you?', { recipientId: sitters[1]!.id });
    await agrees();
    for (const [booking, sitter] of [
      [open, sitters[1]!],
      [second, sitters[2]!],
    ] as const) {
      const res = await call(t, 'PUT', `/api/booking/accept/${booking}`, owner, {
        providerId: sitter.id,
        decision: 'accepted',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await agrees();
    const parties = (await stored()).filter((r) => r.booking_id === second).map((r) => r.user_id);
    expect(parties.sort()).toEqual([owner.id, sitters[2]!.id].sort());
  });

  it('after writes straight to the tables: late, read, deleted and moved messages', async () => {
    const early = new Date(Date.now() - 86_400_000).toISOString();
    await insertMessage(direct, sitters[0]!.id, owner.id, early); // older than the newest: not last
    await insertMessage(direct, sitters[0]!.id, owner.id, nowIso(), true);
    await agrees();
    const newest = await t.app.db
      .selectFrom('messages')
      .select(['id', 'booking_id', 'recipient_id'])
      .where('booking_id', '=', direct)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('messages')
      .set({ read_at: null })
      .where('id', '=', newest.id)
      .execute();
    await agrees();
    await t.app.db.deleteFrom('messages').where('id', '=', newest.id).execute();
    await agrees();
    await t.app.db
      .updateTable('messages')
      .set({ booking_id: open, recipient_id: sitters[1]!.id, sender_id: owner.id })
      .where('booking_id', '=', direct)
      .where('created_at', '=', early)
      .execute();
    await agrees();
  });

  it('after a cancellation and a booking deleted with its rows', async () => {
    const pending = await postBooking(t, other, { provider_id: sitters[0]!.id });
    await postMessage(t, other, pending._id, 'Are you free?');
    const openOne = (await postBooking(t, other))._id;
    await apply(sitters[2]!, openOne);
    await agrees();
    for (const id of [pending._id, openOne]) {
      const res = await call(t, 'PUT', `/api/booking/accept/${id}`, other, {
        status: 'cancelled',
        note: 'Plans changed',
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    await agrees();
    // A booking written and deleted straight in the tables takes its rows with it.
    const row = bookingRow(other.id, { status: 'accepted', provider_id: sitters[0]!.id });
    await t.app.db.insertInto('bookings').values(row).execute();
    await insertMessage(row.id, other.id, sitters[0]!.id, nowIso());
    await agrees();
    await t.app.db.deleteFrom('messages').where('booking_id', '=', row.id).execute();
    await t.app.db.deleteFrom('bookings').where('id', '=', row.id).execute();
    await agrees();
  });

  it('and the list answers from it: newest activity first, unread counts per party', async () => {
    const res = await call(t, 'GET', '/api/messages/conversations?page=1&limit=50', owner);
    expect(res.statusCode).toBe(200);
    const rows = (await stored())
      .filter((r) => r.user_id === owner.id)
      .sort((a, b) =>
        a.activity_at === b.activity_at
          ? b.booking_id.localeCompare(a.booking_id)
          : b.activity_at.localeCompare(a.activity_at),
      );
    const body = res.json();
    expect(body.meta.total).toBe(rows.length);
    expect(body.data.map((c: { bookingId: string }) => c.bookingId)).toEqual(
      rows.map((r) => r.booking_id),
    );
  });
});
