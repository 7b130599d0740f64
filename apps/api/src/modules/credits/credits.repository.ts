import { SqliteAdapter } from 'kysely';
import { compiledRead, compiledWrite, type DbOrTrx } from '../../db/index.ts';
import type { CreditEntriesTable } from '../../db/schema.ts';

/** The ledger's sum, kept by triggers on credit_entries (migration 16-10): one row read. */
const selectBalance = compiledRead((db, userId: string) =>
  db.selectFrom('credit_balances').select('balance').where('user_id', '=', userId),
);

export async function sumBalance(db: DbOrTrx, userId: string): Promise<number> {
  return Number((await selectBalance(db, userId))[0]?.balance ?? 0);
}

/** The ledger's holder, deleted or not (a deleted user's ledger is still readable by admins). */
export async function findHolder(
  db: DbOrTrx,
  userId: string,
): Promise<{ id: string; deleted_at: string | null; user_type: string } | undefined> {
  return (await selectHolder(db, userId))[0];
}
const selectHolder = compiledRead((db, userId: string) =>
  db.selectFrom('users').select(['id', 'deleted_at', 'user_type']).where('id', '=', userId),
);

const insertCreditEntriesRow = compiledWrite((db, row: CreditEntriesTable) =>
  db.insertInto('credit_entries').values(row),
);

export async function insertEntry(db: DbOrTrx, row: CreditEntriesTable): Promise<void> {
  await insertCreditEntriesRow(db, row);
}

export async function listEntries(
  db: DbOrTrx,
  userId: string,
  limit: number,
): Promise<CreditEntriesTable[]> {
  return selectEntries(db, userId, limit);
}
const selectEntries = compiledRead((db, userId: string, limit: number) =>
  db
    .selectFrom('credit_entries')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit),
);

/**
 * Serialises balance changes of one user on PostgreSQL: every spend first locks the user's row,
 * so two concurrent spends cannot both read the same balance. FOR NO KEY UPDATE (not FOR UPDATE)
 * because inserting a booking or a ledger entry already holds a KEY SHARE lock on that row through
 * its foreign key; FOR UPDATE would conflict with that and deadlock two spenders. SQLite needs
 * nothing: the single connection runs one transaction at a time.
 */
export async function lockUserLedger(db: DbOrTrx, userId: string): Promise<boolean> {
  const query = db.selectFrom('users').select('id').where('id', '=', userId);
  const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const row = await (isSqlite ? query : query.forNoKeyUpdate()).executeTakeFirst();
  return row !== undefined;
}
