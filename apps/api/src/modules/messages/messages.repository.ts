import { sql, type ExpressionBuilder } from 'kysely';
import type { DbOrTrx } from '../../db/index.ts';
import type { BookingsTable, Database, MessagesTable } from '../../db/schema.ts';

export type MessageRow = MessagesTable;
/** A message with its two parties' names, as the mapper needs it. */
export type MessageJoined = MessageRow & {
  sender_first_name: string;
  sender_last_name: string;
  recipient_first_name: string;
  recipient_last_name: string;
};
export type Page = { page: number; limit: number };

export async function insertMessage(db: DbOrTrx, row: MessageRow): Promise<void> {
  await db.insertInto('messages').values(row).execute();
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

export function findMessage(db: DbOrTrx, id: string): Promise<MessageJoined | undefined> {
  return joined(db).where('m.id', '=', id).executeTakeFirst();
}

export async function findMessages(db: DbOrTrx, ids: readonly string[]): Promise<MessageJoined[]> {
  if (ids.length === 0) return [];
  return joined(db).where('m.id', 'in', ids).execute();
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
  let base = db.selectFrom('messages as m').where('m.booking_id', '=', bookingId);
  if (partyId)
    base = base.where((eb) =>
      eb.or([eb('m.sender_id', '=', partyId), eb('m.recipient_id', '=', partyId)]),
    );
  const ids = base.select('m.id');
  const [rows, count] = await Promise.all([
    joined(db)
      .where('m.id', 'in', ids)
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Marks the recipient's unread messages on a booking read; returns whom they came from. */
export async function markBookingRead(
  db: DbOrTrx,
  bookingId: string,
  recipientId: string,
  readAt: string,
): Promise<string[]> {
  const unread = db
    .selectFrom('messages')
    .where('recipient_id', '=', recipientId)
    .where('read_at', 'is', null)
    .where('booking_id', '=', bookingId);
  const senders = await unread.select('sender_id').distinct().execute();
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

export type ConversationRow = {
  id: string;
  owner_id: string;
  provider_id: string | null;
  service: string;
  status: string;
  start_at: string;
  end_at: string;
  created_at: string;
  last_id: string | null;
  last_at: string | null;
  unread: number | string;
};

/**
 * The bookings a user talks on (owner, assigned sitter, or pending applicant of an open booking),
 * most recent activity first, with the newest message id and the unread count. Each booking's
 * part is an index probe: (booking_id, created_at) for the newest message, (recipient_id,
 * read_at, booking_id) for the count; the bookings come from the owner/provider/request indexes.
 */
export async function pageConversations(
  db: DbOrTrx,
  userId: string,
  { page, limit }: Page,
): Promise<{ rows: ConversationRow[]; total: number }> {
  const mine = db
    .selectFrom('bookings as b')
    .where((eb) =>
      eb.or([
        eb('b.owner_id', '=', userId),
        eb('b.provider_id', '=', userId),
        eb.and([
          eb('b.provider_id', 'is', null),
          eb('b.status', '=', 'pending'),
          eb(
            'b.id',
            'in',
            eb
              .selectFrom('booking_requests')
              .select('booking_id')
              .where('provider_id', '=', userId)
              .where('state', '=', 'pending'),
          ),
        ]),
      ]),
    );
  const inner = mine.select((eb) => [
    'b.id',
    'b.owner_id',
    'b.provider_id',
    'b.service',
    'b.status',
    'b.start_at',
    'b.end_at',
    'b.created_at',
    newest(eb, userId, 'm.id').as('last_id'),
    newest(eb, userId, 'm.created_at').as('last_at'),
    eb
      .selectFrom('messages as u')
      .select((e) => e.fn.countAll<number | string>().as('n'))
      .where('u.recipient_id', '=', userId)
      .where('u.read_at', 'is', null)
      .whereRef('u.booking_id', '=', 'b.id')
      .as('unread'),
  ]);
  const [rows, count] = await Promise.all([
    db
      .selectFrom(inner.as('c'))
      .selectAll()
      .orderBy(sql`coalesce(c.last_at, c.created_at)`, 'desc')
      .orderBy('c.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    mine.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as ConversationRow[], total: Number(count.n) };
}

/** The newest message of booking `b` that `userId` sent or received (correlated subquery). */
function newest(
  eb: ExpressionBuilder<Database & { b: BookingsTable }, 'b'>,
  userId: string,
  col: 'm.id' | 'm.created_at',
) {
  return eb
    .selectFrom('messages as m')
    .select(col)
    .whereRef('m.booking_id', '=', 'b.id')
    .where((e) => e.or([e('m.sender_id', '=', userId), e('m.recipient_id', '=', userId)]))
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(1);
}

export type NameRow = { id: string; first_name: string; last_name: string };

export async function findNames(db: DbOrTrx, ids: readonly string[]): Promise<NameRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}
