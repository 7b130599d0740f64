import { sql, type Kysely } from 'kysely';

/**
 * One row per account and auth mail kind: when that mail last went out. The resend gate claims it
 * with one conditional upsert, so parallel requests for one address pass one mail a minute, not
 * one each (the gate read the newest code and then wrote a new one: two requests at the same
 * moment both read "none"). Filled from the codes already sent, so the wait carries over.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('auth_mail_gates')
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('auth_mail_gates_pk', ['user_id', 'kind'])
    .execute();
  await sql`
    insert into auth_mail_gates (user_id, kind, sent_at)
    select user_id, purpose, max(created_at) from one_time_codes group by user_id, purpose
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('auth_mail_gates').execute();
}
