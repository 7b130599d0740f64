import { sql } from 'kysely';
import { compiledRead, type DbOrTrx } from '../../db/index.ts';
import type { Page } from './messages.repository.ts';

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
 * The conversations a user takes part in (owner, assigned sitter, or pending applicant of an open
 * booking), most recent activity first, with the newest message id and the unread count: a range
 * of conversations_user_activity_idx joined to bookings by key. The conversations table is kept by
 * triggers (migration 16-00), so the cost is the page's, whatever the user's history.
 */
export async function pageConversations(
  db: DbOrTrx,
  userId: string,
  { page, limit }: Page,
  bookingId?: string,
): Promise<{ rows: ConversationRow[]; total: number }> {
  if (bookingId) {
    // One booking is at most one row: the whole answer is page 1.
    const rows = await selectOne(db, userId, bookingId);
    return { rows: page === 1 ? rows : [], total: rows.length };
  }
  const [rows, [count]] = await Promise.all([
    selectPage(db, userId, limit, (page - 1) * limit),
    selectCount(db, userId),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/*
 * A row is listed while its booking has someone to talk to, or had (messages): a sitter assigned,
 * or, for the owner of an open booking, a pending applicant. A booking whose card part is not paid
 * is not one yet: its sitter sees nothing of it until it is paid (the thread says the same).
 */
const hasCounterpart = sql<boolean>`(c.messages > 0 or b.owner_id <> c.user_id
  or b.provider_id is not null
  or exists (select 1 from booking_requests br
    where br.booking_id = b.id and br.state = 'pending' and b.status = 'pending'))`;
const cardSettled = sql<boolean>`not exists (select 1 from booking_charges bc
  where bc.booking_id = b.id and bc.state <> 'paid')`;

const conversationRows = (db: DbOrTrx) =>
  db
    .selectFrom('conversations as c')
    .innerJoin('bookings as b', 'b.id', 'c.booking_id')
    .select([
      'b.id',
      'b.owner_id',
      'b.provider_id',
      'b.service',
      'b.status',
      'b.start_at',
      'b.end_at',
      'b.created_at',
      'c.last_id',
      'c.last_at',
      'c.unread',
    ]);

// The queries have a fixed shape: compiled once, then only run (see compiledRead).
const selectPage = compiledRead((db, userId: string, limit: number, offset: number) =>
  conversationRows(db)
    .where('c.user_id', '=', userId)
    .where(hasCounterpart)
    .where(cardSettled)
    .orderBy('c.activity_at', 'desc')
    .orderBy('c.booking_id', 'desc')
    .limit(limit)
    .offset(offset),
);

const selectOne = compiledRead((db, userId: string, bookingId: string) =>
  conversationRows(db)
    .where('c.user_id', '=', userId)
    .where('c.booking_id', '=', bookingId)
    .where(hasCounterpart)
    .where(cardSettled),
);

const selectCount = compiledRead((db, userId: string) =>
  db
    .selectFrom('conversations as c')
    .innerJoin('bookings as b', 'b.id', 'c.booking_id')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('c.user_id', '=', userId)
    .where(hasCounterpart)
    .where(cardSettled),
);

export type NameRow = { id: string; first_name: string; last_name: string };

export async function findNames(db: DbOrTrx, ids: readonly string[]): Promise<NameRow[]> {
  if (ids.length === 0) return [];
  return selectNames(db, [...new Set(ids)]);
}
const selectNames = compiledRead((db, ids: string[]) =>
  db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', 'in', ids),
);

/** The sitters with a pending request on each of these (open) bookings. */
export async function findPendingSitters(
  db: DbOrTrx,
  bookingIds: readonly string[],
): Promise<{ booking_id: string; provider_id: string }[]> {
  if (bookingIds.length === 0) return [];
  return selectPendingSitters(db, [...new Set(bookingIds)]);
}
const selectPendingSitters = compiledRead((db, ids: string[]) =>
  db
    .selectFrom('booking_requests')
    .select(['booking_id', 'provider_id'])
    .where('booking_id', 'in', ids)
    .where('state', '=', 'pending')
    .orderBy('created_at')
    .orderBy('id'),
);
