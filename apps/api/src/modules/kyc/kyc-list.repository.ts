import type { DbOrTrx } from '../../db/index.ts';
import type { KycRecordsTable } from '../../db/schema.ts';
import type { KycPersonRow, KycRecordRow } from './kyc.repository.ts';

/*
 * The reviewer's side: the admin list (by status and by name or email, index-backed on
 * status/updated_at) and the people the records belong to.
 */

type ListFilter = { status?: KycRecordsTable['status']; search?: string };

function filtered(db: DbOrTrx, filter: ListFilter) {
  let q = db.selectFrom('kyc_records').innerJoin('users', 'users.id', 'kyc_records.user_id');
  if (filter.status) q = q.where('kyc_records.status', '=', filter.status);
  if (filter.search) {
    const like = `%${filter.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['users.first_name']), 'like', like),
        eb(eb.fn('lower', ['users.last_name']), 'like', like),
        eb(eb.fn('lower', ['users.email']), 'like', like),
      ]),
    );
  }
  return q;
}

/** One page of records for the admin list, most recently changed first, and the total. */
export async function listRecords(
  db: DbOrTrx,
  filter: ListFilter,
  page: number,
  limit: number,
): Promise<{ rows: KycRecordRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, filter)
      .selectAll('kyc_records')
      .orderBy('kyc_records.updated_at', 'desc')
      .orderBy('kyc_records.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findPeople(db: DbOrTrx, ids: string[]): Promise<KycPersonRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'kyc_verified', 'is_verified'])
    .where('id', 'in', ids)
    .execute();
}
