import type { Kysely } from 'kysely';

/**
 * KYC records (one per submission; a resubmission may reuse one), their documents and the
 * conversation between the user and the reviewer.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('kyc_records')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('rejection_reason', 'text')
    .addColumn('reviewed_by', 'varchar(24)', (c) => c.references('users.id'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // The admin list: by status, most recently changed first (and unfiltered, by updated_at).
  await db.schema
    .createIndex('kyc_records_status_updated_idx')
    .on('kyc_records')
    .columns(['status', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('kyc_records_updated_idx')
    .on('kyc_records')
    .column('updated_at')
    .execute();
  await db.schema
    .createIndex('kyc_records_user_idx')
    .on('kyc_records')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('kyc_documents')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('kyc_id', 'varchar(24)', (c) => c.notNull().references('kyc_records.id'))
    .addColumn('stored_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('mime', 'varchar(64)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('original_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('kyc_documents_kyc_idx')
    .on('kyc_documents')
    .column('kyc_id')
    .execute();

  await db.schema
    .createTable('kyc_messages')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('kyc_id', 'varchar(24)', (c) => c.notNull().references('kyc_records.id'))
    .addColumn('sender_id', 'varchar(24)', (c) => c.notNull().references('users.id'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('kyc_messages_kyc_idx')
    .on('kyc_messages')
    .columns(['kyc_id', 'sent_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('kyc_messages').execute();
  await db.schema.dropTable('kyc_documents').execute();
  await db.schema.dropTable('kyc_records').execute();
}
