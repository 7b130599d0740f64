import { sql, type ExpressionBuilder } from 'kysely';
import { compiledRead, type DbOrTrx } from '../../db/index.ts';
import type { BookingsTable, Database } from '../../db/schema.ts';
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
  const [rows, [count]] = await Promise.all([
    selectPage(db, userId, limit, (page - 1) * limit),
    selectCount(db, userId),
  ]);
  return { rows: rows as ConversationRow[], total: Number(count?.n ?? 0) };
}

/**
 * The ids come from three index-driven sets (owner, assigned sitter, the caller's pending
 * requests on open bookings): as one OR over bookings, PostgreSQL read every open booking
 * (provider_id is null and status = 'pending') and only then checked the caller's requests.
 */
function conversationsOf(db: DbOrTrx, userId: string) {
  return db.selectFrom('bookings as b').where('b.id', 'in', (eb) =>
    eb
      .selectFrom('bookings as o')
      .select('o.id')
      .where('o.owner_id', '=', userId)
      .union(eb.selectFrom('bookings as p').select('p.id').where('p.provider_id', '=', userId))
      .union(
        eb
          .selectFrom('booking_requests as br')
          .innerJoin('bookings as a', 'a.id', 'br.booking_id')
          .select('a.id')
          .where('br.provider_id', '=', userId)
          .where('br.state', '=', 'pending')
          .where('a.provider_id', 'is', null)
          .where('a.status', '=', 'pending'),
      ),
  );
}

// Both queries have a fixed shape: compiled once, then only run (see compiledRead).
const selectPage = compiledRead((db, userId: string, limit: number, offset: number) => {
  const inner = conversationsOf(db, userId).select((eb) => [
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
  return db
    .selectFrom(inner.as('c'))
    .selectAll()
    .orderBy(sql`coalesce(c.last_at, c.created_at)`, 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .offset(offset);
});

const selectCount = compiledRead((db, userId: string) =>
  conversationsOf(db, userId).select((eb) => eb.fn.countAll<number | string>().as('n')),
);

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
