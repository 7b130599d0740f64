import type { Kysely } from 'kysely';

/**
 * Lets the nearby search count live providers from the index alone (no table reads): the count
 * filters on user_type, deleted_at and excludes the caller's id.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('users_type_deleted_id_idx')
    .on('users')
    .columns(['user_type', 'deleted_at', 'id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_type_deleted_id_idx').execute();
}
