import { sql } from 'kysely';
import { compiledRead, type DbOrTrx } from '../../db/index.ts';
import type { KycRecordsTable } from '../../db/schema.ts';
import type { KycPersonRow, KycRecordRow } from './kyc.repository.ts';
import { likePattern } from '../../lib/like-pattern.ts';

/*
 * The reviewer's side: the admin list (by status and by name or email, index-backed on
 * status/updated_at) and the people the records belong to.
 */

type ListFilter = { status?: KycRecordsTable['status']; search?: string };

function filtered(db: DbOrTrx, status?: KycRecordsTable['status'], like?: string) {
  let q = db.selectFrom('kyc_records').innerJoin('users', 'users.id', 'kyc_records.user_id');
  if (status !== undefined) q = q.where('kyc_records.status', '=', status);
  // ESCAPE names the backslash the pattern escapes with: SQLite has no default escape character.
  if (like !== undefined)
    // The whole name too, as the members search matches it: "Priya Shah" finds Priya Shah.
    q = q.where(
      sql<boolean>`(lower(users.first_name || ' ' || users.last_name) like ${like} escape '\\'
        or lower(users.email) like ${like} escape '\\')`,
    );
  return q;
}

// One compiled query per filter shape (which of status and search are given).
const selectPage = compiledRead(
  (db, limit: number, offset: number, status?: KycRecordsTable['status'], like?: string) =>
    filtered(db, status, like)
      .selectAll('kyc_records')
      .orderBy('kyc_records.updated_at', 'desc')
      .orderBy('kyc_records.id', 'desc')
      .limit(limit)
      .offset(offset),
);
const selectCount = compiledRead((db, status?: KycRecordsTable['status'], like?: string) =>
  filtered(db, status, like).select((eb) => eb.fn.countAll<number>().as('n')),
);

/** One page of records for the admin list, most recently changed first, and the total. */
export async function listRecords(
  db: DbOrTrx,
  filter: ListFilter,
  page: number,
  limit: number,
): Promise<{ rows: KycRecordRow[]; total: number }> {
  const status = filter.status || undefined;
  const like = filter.search ? likePattern(filter.search) : undefined;
  const [rows, [count]] = await Promise.all([
    selectPage(db, limit, (page - 1) * limit, status, like),
    selectCount(db, status, like),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

const selectPeople = compiledRead((db, ids: string[]) =>
  db
    .selectFrom('users')
    .select([
      'id',
      'first_name',
      'last_name',
      'email',
      'kyc_verified',
      'is_verified',
      'dob',
      'document_type',
      'date_of_issue',
      'date_of_expiry',
    ])
    .where('id', 'in', ids),
);

export function findPeople(db: DbOrTrx, ids: string[]): Promise<KycPersonRow[]> {
  return ids.length === 0 ? Promise.resolve([]) : selectPeople(db, ids);
}
