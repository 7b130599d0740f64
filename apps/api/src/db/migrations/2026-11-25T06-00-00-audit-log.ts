import type { Kysely } from 'kysely';

/**
 * Every admin action (flag change, credit grant, KYC or dispute decision, coupon or package
 * change): who, what, when, before and after as JSON text. (subject_user_id, created_at) pages a
 * member's history newest first; rows are only ever inserted.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('actor_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('subject_user_id', 'varchar(24)')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_log_subject_created_idx')
    .on('audit_log')
    .columns(['subject_user_id', 'created_at', 'id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
