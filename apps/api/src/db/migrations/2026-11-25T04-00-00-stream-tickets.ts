import type { Kysely } from 'kysely';

// Short-lived, single-use tickets that open the live channel, so the session token never sits
// in a URL. Stored (not signed) so that "single use" holds across API instances.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stream_tickets')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id'))
    .addColumn('session_id', 'varchar(24)', (c) => c.notNull().references('sessions.id'))
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('stream_tickets_expires_idx')
    .on('stream_tickets')
    .column('expires_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stream_tickets').execute();
}
