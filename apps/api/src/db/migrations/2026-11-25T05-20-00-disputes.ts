import { sql, type Kysely } from 'kysely';

/**
 * Disputes raised by a party of a booking and settled by admins (modules/disputes), with the
 * evidence files attached when they were opened. resolution_reason is the wire's rejectionReason.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('disputes')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('booking_id', 'varchar(24)', (c) => c.notNull().references('bookings.id'))
    .addColumn('opened_by', 'varchar(24)', (c) => c.notNull().references('users.id'))
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('winner_id', 'varchar(24)', (c) => c.references('users.id'))
    .addColumn('resolution_reason', 'text')
    // Last time an admin resolved or closed it: an open dispute with one shows as "reopened".
    .addColumn('settled_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // The admin list (by status, newest change first), a booking's disputes, and "mine".
  await db.schema
    .createIndex('disputes_status_updated_idx')
    .on('disputes')
    .columns(['status', 'updated_at', 'id'])
    .execute();
  await db.schema
    .createIndex('disputes_updated_idx')
    .on('disputes')
    .columns(['updated_at', 'id'])
    .execute();
  await db.schema
    .createIndex('disputes_booking_idx')
    .on('disputes')
    .columns(['booking_id', 'status'])
    .execute();
  // At most one open dispute per booking, even when two parties open one at the same instant.
  await db.schema
    .createIndex('disputes_one_open_idx')
    .on('disputes')
    .column('booking_id')
    .unique()
    .where(sql.ref('status'), '=', 'open')
    .execute();
  await db.schema
    .createIndex('disputes_opened_by_idx')
    .on('disputes')
    .column('opened_by')
    .execute();

  await db.schema
    .createTable('dispute_evidence')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('dispute_id', 'varchar(24)', (c) => c.notNull().references('disputes.id'))
    .addColumn('stored_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('mime', 'varchar(64)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('original_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('dispute_evidence_dispute_idx')
    .on('dispute_evidence')
    .column('dispute_id')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('dispute_evidence').execute();
  await db.schema.dropTable('disputes').execute();
}
