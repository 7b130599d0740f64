import type { Kysely } from 'kysely';

/**
 * The admins' inbox pages contact messages newest first (created_at desc, id desc): read in that
 * order from this index, it stops at the page instead of sorting every message.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('contact_messages_created_idx')
    .on('contact_messages')
    .columns(['created_at', 'id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('contact_messages_created_idx').execute();
}
