import { sql, type Kysely } from 'kysely';

/**
 * Accounts whose signup code was never entered, found without reading every user: sitter search
 * leaves them out, and its trigger-kept counters (live providers, per service and pet type),
 * which count them, are corrected by those few rows.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('users_unconfirmed_idx')
    .on('users')
    .columns(['user_type', 'deleted_at'])
    .where(sql.ref('email_verified'), '=', 0)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_unconfirmed_idx').execute();
}
