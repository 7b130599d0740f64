import { sql, type Kysely } from 'kysely';

/**
 * A member holds one place in the KYC queue: at most one record of theirs is PENDING. The service
 * checks this inside the transaction that writes, which SQLite's single writer makes enough; on
 * PostgreSQL two submissions at the same moment could both pass that check, so the database now
 * says it too. A member who already has more than one waiting (only such a race could make them)
 * keeps the newest; the older ones are closed as replaced, with the reason they show.
 */
const REPLACED_REASON = 'Replaced by your newer submission';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update kyc_records
    set status = 'Rejected', rejection_reason = ${REPLACED_REASON}, updated_at = ${new Date().toISOString()}
    where status = 'PENDING' and exists (
      select 1 from kyc_records newer
      where newer.user_id = kyc_records.user_id and newer.status = 'PENDING'
        and (newer.created_at > kyc_records.created_at
          or (newer.created_at = kyc_records.created_at and newer.id > kyc_records.id)))
  `.execute(db);
  await db.schema
    .createIndex('kyc_records_one_pending_idx')
    .on('kyc_records')
    .column('user_id')
    .unique()
    .where(sql.ref('status'), '=', 'PENDING')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('kyc_records_one_pending_idx').execute();
}
