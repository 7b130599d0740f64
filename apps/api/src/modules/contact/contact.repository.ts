import type { DbOrTrx } from '../../db/index.ts';
import type { ContactMessagesTable } from '../../db/schema.ts';

export async function insertContactMessage(db: DbOrTrx, row: ContactMessagesTable): Promise<void> {
  await db.insertInto('contact_messages').values(row).execute();
}

/** A page of the inbox, newest first (served by contact_messages_created_idx). */
export function listContactMessages(
  db: DbOrTrx,
  limit: number,
  offset: number,
): Promise<ContactMessagesTable[]> {
  return db
    .selectFrom('contact_messages')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countContactMessages(db: DbOrTrx): Promise<number> {
  const row = await db
    .selectFrom('contact_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findContactMessage(
  db: DbOrTrx,
  id: string,
): Promise<ContactMessagesTable | undefined> {
  return db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirst();
}
