import type { Kysely } from 'kysely';

/**
 * `claim_contested` (0/1) marks an unconfirmed account whose claim was replaced by a signup with
 * another password: the address's mails then went to whoever holds it whatever password asked
 * for them, so its verify-email code no longer confirms a password (docs/decisions.md "An address
 * belongs to whoever proves it"); a password reset, whose code sets the password, does.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('claim_contested', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('claim_contested').execute();
}
