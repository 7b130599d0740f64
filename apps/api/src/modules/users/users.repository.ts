import type { Updateable } from 'kysely';
import { compiledRead, type DbOrTrx } from '../../db/index.ts';
import type { UsersTable } from '../../db/schema.ts';
import type { UserRow } from '../../lib/user-wire.ts';

/** A live (not soft-deleted) user. */
const selectLiveUser = compiledRead((db, id: string) =>
  db.selectFrom('users').selectAll().where('id', '=', id).where('deleted_at', 'is', null),
);

/** A live user's row, with the version a trigger moves on every change to it (migration 22-00). */
export async function findUserById(
  db: DbOrTrx,
  id: string,
): Promise<(UserRow & { version: number }) | undefined> {
  const [row] = await selectLiveUser(db, id);
  return row;
}

const selectLiveUserVersion = compiledRead((db, id: string) =>
  db.selectFrom('users').select('version').where('id', '=', id).where('deleted_at', 'is', null),
);

/** The version of a live user's row (see findUserById), or undefined for none. */
export async function findUserVersion(db: DbOrTrx, id: string): Promise<number | undefined> {
  const [row] = await selectLiveUserVersion(db, id);
  return row?.version;
}

export async function updateUser(
  db: DbOrTrx,
  id: string,
  changes: Updateable<UsersTable>,
): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

/** Several new accounts at once (the demo seed); rows come from lib/user-row.ts newUserRow. */
export async function insertUsers(db: DbOrTrx, rows: readonly UsersTable[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('users')
    .values([...rows])
    .execute();
}

/** The id of the account with this email, soft-deleted or not (an email is never reused). */
export async function findUserIdByEmail(db: DbOrTrx, email: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  return row?.id;
}

/** Whether any account other than an admin exists (admins are ensured at start-up). */
export async function hasNonAdminUser(db: DbOrTrx): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('user_type', '!=', 'admin')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Admins are a handful; the bound keeps one message from fanning out without end. */
export const MAX_ADMIN_RECIPIENTS = 50;

/** The live admins a message for "the admins" goes to (a contact message, a member's KYC note). */
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
