import type { Kysely } from 'kysely';

/**
 * `contested_claims` lists the unconfirmed accounts whose claim was replaced by a signup with
 * another password: the address's mails then went to whoever holds it whatever password asked
 * for them, so a verify-email code alone no longer confirms a password there (docs/decisions.md
 * "An address belongs to whoever proves it"). A table of its own, not a users column: the few
 * rows concern unconfirmed accounts only, and no read of a user pays for them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contested_claims')
    .addColumn('user_id', 'varchar(24)', (col) => col.primaryKey().references('users.id'))
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('contested_claims').execute();
}
