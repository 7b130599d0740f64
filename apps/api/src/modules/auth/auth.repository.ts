import type { Insertable } from 'kysely';
import type { DbOrTrx } from '../../db/index.ts';
import type { UsersTable } from '../../db/schema.ts';
import { nowIso } from '../../lib/ids.ts';
import type { UserRow } from '../users/user-wire.ts';

/** A live (not soft-deleted) account by its lower-cased email. */
export function findActiveUserByEmail(db: DbOrTrx, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function findUserById(db: DbOrTrx, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function emailExists(db: DbOrTrx, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertUser(db: DbOrTrx, row: Insertable<UsersTable>): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

export async function setPasswordHash(db: DbOrTrx, userId: string, hash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: hash, updated_at: nowIso() })
    .where('id', '=', userId)
    .execute();
}

export async function markEmailVerified(db: DbOrTrx, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ email_verified: 1, updated_at: nowIso() })
    .where('id', '=', userId)
    .execute();
}

/** True for a unique-constraint violation on SQLite or PostgreSQL. */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
