import { sql, SqliteAdapter, type Insertable } from 'kysely';
import type { DbOrTrx } from '../../db/index.ts';

export { isUniqueViolation } from '../../db/index.ts';
import type { UsersTable } from '../../db/schema.ts';
import { nowIso } from '../../lib/ids.ts';
import type { UserRow } from '../../lib/user-wire.ts';

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

/**
 * verify-email's confirmation of the claim whose password hash was checked: false when a signup
 * replaced it meanwhile (another hash), so the code checked for one claim never confirms another.
 */
export async function confirmClaim(
  db: DbOrTrx,
  userId: string,
  passwordHash: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ email_verified: 1, updated_at: nowIso() })
    .where('id', '=', userId)
    .where('password_hash', '=', passwordHash)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The claim to this unconfirmed account was replaced by a signup with another password. */
export async function markClaimContested(db: DbOrTrx, userId: string): Promise<void> {
  await db
    .insertInto('contested_claims')
    .values({ user_id: userId, created_at: nowIso() })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

export async function isClaimContested(db: DbOrTrx, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('contested_claims')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A new signup's details over an account whose email was never verified (the newest claim to the
 * address wins until someone proves it with the mailed code). False once the email is verified.
 */
export async function replaceUnverifiedClaim(
  db: DbOrTrx,
  userId: string,
  claim: Pick<
    UsersTable,
    'password_hash' | 'first_name' | 'last_name' | 'phone' | 'user_type' | 'primary_services'
  >,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ ...claim, updated_at: nowIso() })
    .where('id', '=', userId)
    .where('email_verified', '=', 0)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertSession(
  db: DbOrTrx,
  row: { id: string; user_id: string; expires_at: string },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ ...row, created_at: nowIso(), revoked_at: null })
    .execute();
}

/**
 * Inserts the session only while the user's password is still `passwordHash` (the one the login
 * checked), in one statement: a reset or change that committed after that check leaves no session
 * behind. On PostgreSQL the user's row is read FOR SHARE, so an insert that meets a reset still
 * in its transaction waits for it and then sees the new hash; SQLite runs one writer at a time.
 */
export async function insertSessionWhilePassword(
  db: DbOrTrx,
  row: { id: string; user_id: string; expires_at: string },
  passwordHash: string,
): Promise<boolean> {
  const lock = db.getExecutor().adapter instanceof SqliteAdapter ? sql`` : sql`for share`;
  const result = await sql`
    insert into sessions (id, user_id, expires_at, created_at, revoked_at)
    select ${row.id}, id, ${row.expires_at}, ${nowIso()}, null from users
    where id = ${row.user_id} and password_hash = ${passwordHash} and deleted_at is null
    ${lock}
  `.execute(db);
  return Number(result.numAffectedRows ?? 0) === 1;
}

/** A session with the fields of its user that authentication needs. */
export function findSessionWithUser(db: DbOrTrx, sessionId: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'users.id',
      'users.email',
      'users.user_type',
      'users.deleted_at',
      'users.email_verified',
      'sessions.revoked_at',
      'sessions.expires_at',
    ])
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();
}

export async function revokeSessionRow(db: DbOrTrx, sessionId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: nowIso() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every live session of a user, except `keepSessionId` when given. */
export async function revokeUserSessionRows(
  db: DbOrTrx,
  userId: string,
  keepSessionId?: string,
): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: nowIso() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}

/** Makes an account the admin with this password hash (bootstrap only). */
export async function promoteToAdmin(db: DbOrTrx, userId: string, hash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({
      user_type: 'admin',
      password_hash: hash,
      email_verified: 1,
      deleted_at: null,
      updated_at: nowIso(),
    })
    .where('id', '=', userId)
    .execute();
}

export function findUserByEmail(db: DbOrTrx, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}
