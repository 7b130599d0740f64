import { compiledRead, compiledWrite, type DbOrTrx } from '../../db/index.ts';
import type { NotificationsTable, StreamTicketsTable } from '../../db/schema.ts';
import { nowIso } from '../../lib/ids.ts';

const insertNotificationsRow = compiledWrite((db, row: NotificationsTable) =>
  db.insertInto('notifications').values(row),
);

export async function insertNotification(db: DbOrTrx, row: NotificationsTable): Promise<void> {
  await insertNotificationsRow(db, row);
}

/** Inserts unless a row with that id exists; true when this call inserted it. */
export async function insertNotificationOnce(
  db: DbOrTrx,
  row: NotificationsTable,
): Promise<boolean> {
  const result = await db
    .insertInto('notifications')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Whom a notice mail goes to, and whether they want it. */
export type MailRecipient = {
  email: string;
  first_name: string;
  email_notification: number;
  deleted_at: string | null;
};

const selectMailRecipient = compiledRead((db, userId: string) =>
  db
    .selectFrom('users')
    .select(['email', 'first_name', 'email_notification', 'deleted_at'])
    .where('id', '=', userId),
);

export async function findMailRecipient(
  db: DbOrTrx,
  userId: string,
): Promise<MailRecipient | undefined> {
  const [row] = await selectMailRecipient(db, userId);
  return row;
}

/** Whether the user has an unread notification of this type (from notifications_user_unread_idx). */
export async function hasUnreadOfType(db: DbOrTrx, userId: string, type: string): Promise<boolean> {
  const row = await db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .where('type', '=', type)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function hasAnyNotification(db: DbOrTrx, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A page of the newest unread first, from notifications_user_unread_idx. */
export function listUnreadRows(
  db: DbOrTrx,
  userId: string,
  offset: number,
  limit: number,
): Promise<NotificationsTable[]> {
  return selectUnread(db, userId, offset, limit);
}
const selectUnread = compiledRead((db, userId: string, offset: number, limit: number) =>
  db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset),
);

export async function markAllReadRows(db: DbOrTrx, userId: string): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: nowIso() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Marks one of the user's notifications read (kept as it was when read already); undefined when none. */
export function markReadRow(
  db: DbOrTrx,
  userId: string,
  id: string,
): Promise<NotificationsTable | undefined> {
  return db
    .updateTable('notifications')
    .set((eb) => ({ read_at: eb.fn.coalesce('read_at', eb.val(nowIso())) }))
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

const selectUnreadCount = compiledRead((db, userId: string) =>
  db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null),
);

export async function countUnreadRows(db: DbOrTrx, userId: string): Promise<number> {
  return Number((await selectUnreadCount(db, userId))[0]?.n ?? 0);
}

export async function insertStreamTicket(db: DbOrTrx, row: StreamTicketsTable): Promise<void> {
  await db.insertInto('stream_tickets').values(row).execute();
}

/**
 * Uses a ticket: one conditional UPDATE, so of two racing uses only one wins. Returns the
 * ticket's user and session when this call used it, or null (unknown, used or expired).
 */
export async function useStreamTicketIfFresh(
  db: DbOrTrx,
  id: string,
): Promise<{ user_id: string; session_id: string } | null> {
  const now = nowIso();
  const won = await db
    .updateTable('stream_tickets')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(won.numUpdatedRows) !== 1) return null;
  const row = await db
    .selectFrom('stream_tickets')
    .select(['user_id', 'session_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

/** Tickets live a minute; anything expired an hour ago is dead weight. */
export async function deleteExpiredStreamTickets(db: DbOrTrx, before: string): Promise<void> {
  await db.deleteFrom('stream_tickets').where('expires_at', '<', before).execute();
}

/**
 * Marks read the user's unread notices of `type` whose data names `bookingId` (and, when given,
 * `withUserId` or no counterpart at all); the ids it marked. The data is stored as JSON text by
 * notifyUser, so the pair `"bookingId":"…"` appears in it exactly as matched here (ids are hex).
 * A read first (from notifications_user_unread_idx): a thread polled with nothing unread writes
 * nothing.
 */
export async function markReadAbout(
  db: DbOrTrx,
  userId: string,
  type: string,
  bookingId: string,
  withUserId?: string,
): Promise<string[]> {
  let query = db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .where('type', '=', type)
    .where('data', 'like', `%"bookingId":${JSON.stringify(bookingId)}%`);
  if (withUserId)
    query = query.where((eb) =>
      eb.or([
        eb('data', 'not like', '%"withUserId":%'),
        eb('data', 'like', `%"withUserId":${JSON.stringify(withUserId)}%`),
      ]),
    );
  const ids = (await query.execute()).map((r) => r.id);
  if (ids.length === 0) return [];
  const marked = await db
    .updateTable('notifications')
    .set({ read_at: nowIso() })
    .where('id', 'in', ids)
    .where('read_at', 'is', null)
    .returning('id')
    .execute();
  return marked.map((r) => r.id);
}
