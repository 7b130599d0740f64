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

/** Messages between `a` and `b` (either way). */
const between = (a: string, b: string) =>
  sql<boolean>`((m.sender_id = ${a} and m.recipient_id = ${b})
    or (m.sender_id = ${b} and m.recipient_id = ${a}))`;
const selectPairPage = compiledRead(
  (db, bookingId: string, a: string, b: string, limit: number, offset: number) =>
    newestFirst(joined(db).where('m.booking_id', '=', bookingId).where(between(a, b)))
      .limit(limit)
      .offset(offset),
);
const countPair = compiledRead((db, bookingId: string, a: string, b: string) =>
  db
    .selectFrom('messages as m')
    .where('m.booking_id', '=', bookingId)
    .where(between(a, b))
    .select((eb) => eb.fn.countAll<number | string>().as('n')),
);
/**
 * One page of the messages between two parties of a booking (an owner and one sitter of an open
 * booking), newest first.
 */
export async function pagePairMessages(
  db: DbOrTrx,
  bookingId: string,
  partyId: string,
  otherId: string,
  { page, limit }: Page,
): Promise<{ rows: MessageJoined[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    selectPairPage(db, bookingId, partyId, otherId, limit, (page - 1) * limit),
    countPair(db, bookingId, partyId, otherId),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Where a pair's summary is kept: a booking and the party on the other side. */
const pairKey = (bookingId: string, otherId: string) => `${bookingId} ${otherId}`;

/**
 * Each message's rank among `partyId`'s messages with the same other party on its booking, newest
 * first: the newest with each counterpart is rank 1. The bookings' messages come from
 * messages_booking_created_idx, then are numbered per pair.
 */
const selectNewestPerPair = compiledRead((db, partyId: string, bookingIds: string[]) =>
  joined(db)
    .innerJoin(
      (eb) =>
        eb
          .selectFrom('messages as x')
          .select([
            'x.id',
            sql<number>`row_number() over (
              partition by x.booking_id,
                case when x.sender_id = ${partyId} then x.recipient_id else x.sender_id end
              order by x.created_at desc, x.id desc)`.as('pos'),
          ])
          .where('x.booking_id', 'in', bookingIds)
          .where(sql<boolean>`(x.sender_id = ${partyId} or x.recipient_id = ${partyId})`)
          .as('ranked'),
      (join) => join.onRef('ranked.id', '=', 'm.id'),
    )
    .where('ranked.pos', '=', 1),
);
/** `readerId`'s unread messages on these bookings, counted per booking and sender. */
const selectUnreadPerSender = compiledRead((db, readerId: string, bookingIds: string[]) =>
  db
    .selectFrom('messages')
    .select(['booking_id', 'sender_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('recipient_id', '=', readerId)
    .where('read_at', 'is', null)
    .where('booking_id', 'in', bookingIds)
    .groupBy(['booking_id', 'sender_id']),
);

/**
 * For each pair (a booking and the party `partyId` talks with on it, as the owner of an open
 * booking with each pending sitter): the newest message between them and how many of the other's
 * are unread, in the order given. Two queries whatever the number of pairs.
 */
export async function summarisePairs(
  db: DbOrTrx,
  partyId: string,
  pairs: readonly { bookingId: string; otherId: string }[],
): Promise<{ last: MessageJoined | undefined; unread: number }[]> {
  if (pairs.length === 0) return [];
  const bookingIds = [...new Set(pairs.map((p) => p.bookingId))];
  const [newest, unread] = await Promise.all([
    selectNewestPerPair(db, partyId, bookingIds),
    selectUnreadPerSender(db, partyId, bookingIds),
  ]);
  const lastOf = new Map(
    newest.map((m) => [
      pairKey(m.booking_id, m.sender_id === partyId ? m.recipient_id : m.sender_id),
      m,
    ]),
  );
  const unreadOf = new Map(unread.map((u) => [pairKey(u.booking_id, u.sender_id), Number(u.n)]));
  return pairs.map(({ bookingId, otherId }) => ({
    last: lastOf.get(pairKey(bookingId, otherId)),
    unread: unreadOf.get(pairKey(bookingId, otherId)) ?? 0,
  }));
}

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

/**
 * Marks the recipient's unread messages on a booking read (only `fromId`'s when given); returns
 * whom they came from.
 */
export async function markBookingRead(
  db: DbOrTrx,
  bookingId: string,
  recipientId: string,
  readAt: string,
  fromId?: string,
): Promise<string[]> {
  const senders = (await selectUnreadSenders(db, recipientId, bookingId))
    .map((s) => s.sender_id)
    .filter((id) => !fromId || id === fromId);
  if (senders.length === 0) return [];
  let update = db
    .updateTable('messages')
    .set({ read_at: readAt })
    .where('recipient_id', '=', recipientId)
    .where('read_at', 'is', null)
    .where('booking_id', '=', bookingId);
  if (fromId) update = update.where('sender_id', '=', fromId);
  await update.execute();
  return senders;
}
