import type { Kysely } from 'kysely';

/**
 * The coupons' and packages' history (GET /api/admin/audit?targetType=coupon) pages the audit log
 * by target type, newest first: (target_type, created_at, id) serves it without a sort.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('audit_log_target_created_idx')
    .on('audit_log')
    .columns(['target_type', 'created_at', 'id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('audit_log_target_created_idx').execute();
}
