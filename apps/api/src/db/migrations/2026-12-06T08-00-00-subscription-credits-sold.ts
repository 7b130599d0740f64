import type { Kysely } from 'kysely';

/**
 * The credits a subscription checkout sold, kept on the subscription: a package edited while the
 * checkout was open (credits lowered or raised) no longer changes what its payment grants, as the
 * price it showed is already kept on the payment. Rows from before are null: they grant the
 * package's credits as before.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('subscriptions').addColumn('credits_sold', 'integer').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('subscriptions').dropColumn('credits_sold').execute();
}
