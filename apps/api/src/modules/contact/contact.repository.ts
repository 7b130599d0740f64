import type { DbOrTrx } from '../../db/index.ts';
import type { ContactMessagesTable } from '../../db/schema.ts';

/** Admins are a handful; the bound keeps one message from fanning out without end. */
export const MAX_ADMIN_RECIPIENTS = 50;

export async function insertContactMessage(db: DbOrTrx, row: ContactMessagesTable): Promise<void> {
  await db.insertInto('contact_messages').values(row).execute();
}

/**
 * The live admins a contact message goes to. Queried here rather than through the users area so
 * that the contact area depends on nothing but the notifications service.
 */
export function listAdminRecipients(db: DbOrTrx): Promise<{ id: string; email: string }[]> {
  return db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('user_type', '=', 'admin')
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(MAX_ADMIN_RECIPIENTS)
    .execute();
}
