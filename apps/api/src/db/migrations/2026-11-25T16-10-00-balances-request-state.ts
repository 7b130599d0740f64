import { SqliteAdapter, sql, type Kysely } from 'kysely';

/*
 * Two costs the soak (bench/soak) showed growing with the data, on every booking write:
 * - A balance was the sum of the user's whole credit ledger, read on every spend and refund, so it
 *   cost one row per booking the owner ever paid with credits. credit_balances holds each ledger's
 *   sum, kept by triggers on credit_entries (insert, delete, update of user or amount), so every
 *   writer keeps it right; a balance is one row read.
 * - A booking's pending requests (withdrawn when it is decided) were found from the (state,
 *   created_at) index: SQLite, with no statistics, took `state = 'pending'` over the booking's
 *   unique (booking_id, provider_id) index and read every pending request of the marketplace.
 *   (booking_id, state) serves both terms.
 */

const add = (user: string, amount: string) => `
  insert into credit_balances (user_id, balance) values (${user}, ${amount})
  on conflict (user_id) do update set balance = credit_balances.balance + excluded.balance;`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createIndex('booking_requests_booking_state_idx')
    .on('booking_requests')
    .columns(['booking_id', 'state'])
    .execute();
  await db.schema
    .createTable('credit_balances')
    .addColumn('user_id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('balance', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into credit_balances (user_id, balance)
    select user_id, sum(amount) from credit_entries group by user_id`.execute(db);

  if (sqlite) {
    const triggers = [
      `create trigger credit_entries_balance_insert after insert on credit_entries
        begin ${add('new.user_id', 'new.amount')} end`,
      `create trigger credit_entries_balance_delete after delete on credit_entries
        begin ${add('old.user_id', '-old.amount')} end`,
      `create trigger credit_entries_balance_update after update of user_id, amount on credit_entries
        begin ${add('old.user_id', '-old.amount')} ${add('new.user_id', 'new.amount')} end`,
    ];
    for (const t of triggers) await sql.raw(t).execute(db);
    return;
  }
  await sql
    .raw(
      `create function credit_balances_sync() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then ${add('old.user_id', '-old.amount')} end if;
        if tg_op in ('UPDATE', 'INSERT') then ${add('new.user_id', 'new.amount')} end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql`create trigger credit_entries_balance
    after insert or update of user_id, amount or delete on credit_entries
    for each row execute function credit_balances_sync()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const name of ['insert', 'delete', 'update'])
      await sql.raw(`drop trigger if exists credit_entries_balance_${name}`).execute(db);
  } else {
    await sql`drop trigger if exists credit_entries_balance on credit_entries`.execute(db);
    await sql`drop function if exists credit_balances_sync()`.execute(db);
  }
  await db.schema.dropTable('credit_balances').execute();
  await db.schema.dropIndex('booking_requests_booking_state_idx').execute();
}
