import { sql } from 'kysely';
import { compiledRead, compiledWrite, type DbOrTrx } from '../../db/index.ts';
import type { MessagesTable } from '../../db/schema.ts';

export type MessageRow = MessagesTable;
/** A message with its two parties' names, as the mapper needs it. */
export type MessageJoined = MessageRow & {
  sender_first_name: string;
  sender_last_name: string;
  recipient_first_name: string;
  recipient_last_name: string;
};
export type Page = { page: number; limit: number };

const insertMessagesRow = compiledWrite((db, row: MessageRow) =>
  db.insertInto('messages').values(row),
);

export async function insertMessage(db: DbOrTrx, row: MessageRow): Promise<void> {
  await insertMessagesRow(db, row);
}

function joined(db: DbOrTrx) {
  return db
    .selectFrom('messages as m')
    .innerJoin('users as s', 's.id', 'm.sender_id')
    .innerJoin('users as r', 'r.id', 'm.recipient_id')
    .selectAll('m')
    .select([
      's.first_name as sender_first_name',
      's.last_name as sender_last_name',
      'r.first_name as recipient_first_name',
      'r.last_name as recipient_last_name',
    ]);
}

const selectMessage = compiledRead((db, id: string) => joined(db).where('m.id', '=', id));

export async function findMessage(db: DbOrTrx, id: string): Promise<MessageJoined | undefined> {
  return (await selectMessage(db, id))[0];
}

export async function findMessages(db: DbOrTrx, ids: readonly string[]): Promise<MessageJoined[]> {
  if (ids.length === 0) return [];
  return selectMessages(db, [...ids]);
}
const selectMessages = compiledRead((db, ids: string[]) => joined(db).where('m.id', 'in', ids));

/** Messages `partyId` sent or received. */
const ofParty = (partyId: string) =>
  sql<boolean>`(m.sender_id = ${partyId} or m.recipient_id = ${partyId})`;

// The page filters messages directly (not `id in (subquery)`), so it is read from
// messages_booking_created_idx in order and stops at the limit. Each shape is compiled once.
const newestFirst = <Q extends { orderBy: (c: 'm.created_at' | 'm.id', d: 'desc') => Q }>(q: Q) =>
  q.orderBy('m.created_at', 'desc').orderBy('m.id', 'desc');
const selectAllPage = compiledRead((db, bookingId: string, limit: number, offset: number) =>
  newestFirst(joined(db).where('m.booking_id', '=', bookingId))
    .limit(limit)
    .offset(offset),
);
const selectPartyPage = compiledRead(
  (db, bookingId: string, partyId: string, limit: number, offset: number) =>
    newestFirst(joined(db).where('m.booking_id', '=', bookingId).where(ofParty(partyId)))
      .limit(limit)
      .offset(offset),
);
const countAllOf = compiledRead((db, bookingId: string) =>
  db
    .selectFrom('messages as m')
    .where('m.booking_id', '=', bookingId)
    .select((eb) => eb.fn.countAll<number | string>().as('n')),
);
/**
 * A party's message count on a booking, from their conversation row (migration 16-00): every
 * chat party (owner, assigned sitter, pending applicant) has one, kept by triggers.
 */
const selectPartyCount = compiledRead((db, bookingId: string, partyId: string) =>
  db
    .selectFrom('conversations')
    .select('messages as n')
    .where('booking_id', '=', bookingId)
    .where('user_id', '=', partyId),
);

/**
 * One page of a booking's messages, newest first, served by (booking_id, created_at, id).
 * `partyId` keeps the messages that user sent or received; null (an admin) keeps all.
 */
export async function pageBookingMessages(
  db: DbOrTrx,
  bookingId: string,
  partyId: string | null,
  { page, limit }: Page,
): Promise<{ rows: MessageJoined[]; total: number }> {
  const offset = (page - 1) * limit;
  const [rows, count] = await Promise.all(
    partyId
      ? [
          selectPartyPage(db, bookingId, partyId, limit, offset),
          selectPartyCount(db, bookingId, partyId).then((r) => r[0]),
        ]
      : [selectAllPage(db, bookingId, limit, offset), countAllOf(db, bookingId).then((r) => r[0])],
  );
  return { rows, total: Number(count?.n ?? 0) };
}

const selectUnreadSenders = compiledRead((db, recipientId: string, bookingId: string) =>
  db
    .selectFrom('messages')
    .select('sender_id')
    .distinct()
    .where('recipient_id', '=', recipientId)
    .where('read_at', 'is', null)
    .where('booking_id', '=', bookingId),
);

/** Marks the recipient's unread messages on a booking read; returns whom they came from. */
export async function markBookingRead(
  db: DbOrTrx,
  bookingId: string,
  recipientId: string,
  readAt: string,
): Promise<string[]> {
  const senders = await selectUnreadSenders(db, recipientId, bookingId);
  if (senders.length === 0) return [];
  await db
    .updateTable('messages')
    .set({ read_at: readAt })
    .where('recipient_id', '=', recipientId)
    .where('read_at', 'is', null)
    .where('booking_id', '=', bookingId)
    .execute();
  return senders.map((s) => s.sender_id);
}
