import { compiledRead, type DbOrTrx } from '../../db/index.ts';
import type { KycDocumentsTable, KycMessagesTable, KycRecordsTable } from '../../db/schema.ts';

export { isUniqueViolation } from '../../db/index.ts';

export type KycRecordRow = KycRecordsTable;
export type KycPersonRow = {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  kyc_verified: number;
  is_verified: number;
  dob: string | null;
  document_type: string | null;
  date_of_issue: string | null;
  date_of_expiry: string | null;
};

export function insertRecord(db: DbOrTrx, row: KycRecordsTable): Promise<unknown> {
  return db.insertInto('kyc_records').values(row).execute();
}

export function insertDocuments(db: DbOrTrx, rows: KycDocumentsTable[]): Promise<unknown> {
  return rows.length ? db.insertInto('kyc_documents').values(rows).execute() : Promise.resolve();
}

export function insertMessage(db: DbOrTrx, row: KycMessagesTable): Promise<unknown> {
  return db.insertInto('kyc_messages').values(row).execute();
}

const selectRecord = compiledRead((db, id: string) =>
  db.selectFrom('kyc_records').selectAll().where('id', '=', id),
);

export async function findRecord(db: DbOrTrx, id: string): Promise<KycRecordRow | undefined> {
  return (await selectRecord(db, id))[0];
}

const selectUserRecords = compiledRead((db, userId: string, limit: number) =>
  db
    .selectFrom('kyc_records')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit),
);

/** The user's records, newest first (bounded: a user resubmits a handful of times at most). */
export function listUserRecords(db: DbOrTrx, userId: string, limit = 50): Promise<KycRecordRow[]> {
  return selectUserRecords(db, userId, limit);
}

/** The status of the user's newest record, if any (what the dashboard shows). */
const selectLatestStatus = compiledRead((db, userId: string) =>
  db
    .selectFrom('kyc_records')
    .select('status')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1),
);

export async function latestStatus(
  db: DbOrTrx,
  userId: string,
): Promise<KycRecordsTable['status'] | undefined> {
  return (await selectLatestStatus(db, userId))[0]?.status;
}

const selectDocuments = compiledRead((db, kycIds: string[]) =>
  db
    .selectFrom('kyc_documents')
    .selectAll()
    .where('kyc_id', 'in', kycIds)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc'),
);

export function findDocuments(db: DbOrTrx, kycIds: string[]): Promise<KycDocumentsTable[]> {
  return kycIds.length === 0 ? Promise.resolve([]) : selectDocuments(db, kycIds);
}

export function findDocument(
  db: DbOrTrx,
  kycId: string,
  docId: string,
): Promise<KycDocumentsTable | undefined> {
  return db
    .selectFrom('kyc_documents')
    .selectAll()
    .where('kyc_id', '=', kycId)
    .where('id', '=', docId)
    .executeTakeFirst();
}

/** The conversations of the given records, oldest first; bounded per page of records. */
const selectMessages = compiledRead((db, kycIds: string[]) =>
  db
    .selectFrom('kyc_messages')
    .selectAll()
    .where('kyc_id', 'in', kycIds)
    .orderBy('sent_at', 'asc')
    .orderBy('id', 'asc')
    .limit(5000),
);

export function findMessages(db: DbOrTrx, kycIds: string[]): Promise<KycMessagesTable[]> {
  return kycIds.length === 0 ? Promise.resolve([]) : selectMessages(db, kycIds);
}

/** The user's record waiting for review, if any (newest first; served by kyc_records_user_idx). */
export async function findPendingRecordId(
  db: DbOrTrx,
  userId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('kyc_records')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'PENDING')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/**
 * A resubmission onto a rejected record: back to PENDING, reason and reviewer cleared. A
 * Verified or PENDING record is left alone (false): its documents are the reviewed ones.
 */
export async function reopenRecord(
  db: DbOrTrx,
  id: string,
  text: string,
  now: string,
): Promise<boolean> {
  const res = await db
    .updateTable('kyc_records')
    .set({ status: 'PENDING', text, rejection_reason: null, reviewed_by: null, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'Rejected')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * A decision on the record as it was read (`read`: its status and updated_at then): false when
 * it changed since (another admin's decision, a resubmission), so one of two racing decisions
 * is refused instead of both succeeding.
 */
export async function decideRecord(
  db: DbOrTrx,
  id: string,
  read: Pick<KycRecordsTable, 'status' | 'updated_at'>,
  change: Pick<KycRecordsTable, 'status' | 'rejection_reason' | 'reviewed_by' | 'updated_at'>,
): Promise<boolean> {
  const res = await db
    .updateTable('kyc_records')
    .set(change)
    .where('id', '=', id)
    .where('status', '=', read.status)
    .where('updated_at', '=', read.updated_at)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Removes a record's documents (a resubmission replaces them); returns them to delete the files. */
export async function deleteDocumentsOf(db: DbOrTrx, kycId: string): Promise<KycDocumentsTable[]> {
  const rows = await db
    .selectFrom('kyc_documents')
    .selectAll()
    .where('kyc_id', '=', kycId)
    .execute();
  await db.deleteFrom('kyc_documents').where('kyc_id', '=', kycId).execute();
  return rows;
}
