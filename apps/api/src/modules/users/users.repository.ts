import type { Updateable } from 'kysely';
import type { DbOrTrx } from '../../db/index.ts';
import type { UsersTable } from '../../db/schema.ts';
import type { UserRow } from '../../lib/user-wire.ts';

/** A live (not soft-deleted) user. */
export function findUserById(db: DbOrTrx, id: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function updateUser(
  db: DbOrTrx,
  id: string,
  changes: Updateable<UsersTable>,
): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}
